// Content pages (/i/{slug}, a slug per language) in all five languages. The contact page deliberately carries a
// <script> and an onclick handler so the HTML sanitizer has something to remove.
import { t, type L } from './vocabulary.ts';

export interface ContentPage {
  identifier: string;
  slug: L;
  menuTitle: L;
  title: L;
  description: L;
  content: L;
}

const COMPANY = 'ProTool Supply GmbH, Industriestraße 12, 70565 Stuttgart, Deutschland';

export const CONTENT_PAGES: readonly ContentPage[] = [
  {
    identifier: 'agb',
    slug: t('agb', 'terms', 'conditions', 'condiciones', 'condizioni'),
    menuTitle: t(
      'AGB & Datenschutz',
      'Terms & privacy',
      'CGV et confidentialité',
      'Condiciones y privacidad',
      'Condizioni e privacy',
    ),
    title: t(
      'Allgemeine Geschäftsbedingungen und Datenschutz',
      'Terms and conditions and privacy policy',
      'Conditions générales de vente et politique de confidentialité',
      'Condiciones generales y política de privacidad',
      'Condizioni generali e informativa sulla privacy',
    ),
    description: t(
      'Unsere Geschäftsbedingungen für Geschäftskunden: Preise, Zahlung auf Rechnung, Lieferzeiten und wie wir Ihre Daten schützen.',
      'Our terms for business customers: prices, payment by invoice, delivery times and how we protect your data.',
      'Nos conditions pour les clients professionnels : prix, paiement sur facture, délais de livraison et protection de vos données.',
      'Nuestras condiciones para clientes profesionales: precios, pago contra factura, plazos de entrega y protección de sus datos.',
      'Le nostre condizioni per i clienti business: prezzi, pagamento con fattura, tempi di consegna e protezione dei vostri dati.',
    ),
    content: t(
      '<h2>1. Geltungsbereich</h2><p>Diese Bedingungen gelten für alle Bestellungen von Unternehmern im Sinne des § 14 BGB.</p><h2>2. Preise und Zahlung</h2><p>Alle Preise verstehen sich zuzüglich der gesetzlichen Mehrwertsteuer, sofern nicht anders angegeben. Wir akzeptieren Rechnung, Kreditkarte, SEPA-Lastschrift und PayPal.</p><h2>3. Lieferung</h2><p>Lagerware versenden wir innerhalb von 1–2 Werktagen, Ware aus dem Außenlager innerhalb von 4–5 Werktagen.</p><h2>4. Datenschutz</h2><p>Wir verarbeiten Ihre Daten ausschließlich zur Abwicklung Ihrer Bestellung. Cookies für Statistik setzen wir nur mit Ihrer Einwilligung.</p>',
      '<h2>1. Scope</h2><p>These terms apply to all orders placed by businesses.</p><h2>2. Prices and payment</h2><p>All prices are subject to VAT at the statutory rate unless stated otherwise. We accept invoice, credit card, SEPA direct debit and PayPal.</p><h2>3. Delivery</h2><p>Items in stock ship within 1–2 working days, items from our external warehouse within 4–5 working days.</p><h2>4. Privacy</h2><p>We process your data only to fulfil your order. Analytics cookies are set only with your consent.</p>',
      "<h2>1. Champ d'application</h2><p>Les présentes conditions s'appliquent à toutes les commandes passées par des professionnels.</p><h2>2. Prix et paiement</h2><p>Tous les prix s'entendent hors TVA, sauf indication contraire. Nous acceptons la facture, la carte bancaire, le prélèvement SEPA et PayPal.</p><h2>3. Livraison</h2><p>Les articles en stock sont expédiés sous 1 à 2 jours ouvrés, ceux de notre entrepôt externe sous 4 à 5 jours ouvrés.</p><h2>4. Confidentialité</h2><p>Nous traitons vos données uniquement pour exécuter votre commande. Les cookies de mesure d'audience ne sont déposés qu'avec votre consentement.</p>",
      '<h2>1. Ámbito de aplicación</h2><p>Estas condiciones se aplican a todos los pedidos realizados por empresas.</p><h2>2. Precios y pago</h2><p>Todos los precios se entienden sin IVA, salvo que se indique lo contrario. Aceptamos factura, tarjeta de crédito, adeudo SEPA y PayPal.</p><h2>3. Entrega</h2><p>Los artículos en stock se envían en 1–2 días laborables; los de nuestro almacén externo, en 4–5 días laborables.</p><h2>4. Privacidad</h2><p>Tratamos sus datos únicamente para gestionar su pedido. Las cookies de análisis solo se instalan con su consentimiento.</p>',
      "<h2>1. Ambito di applicazione</h2><p>Le presenti condizioni si applicano a tutti gli ordini effettuati da imprese.</p><h2>2. Prezzi e pagamento</h2><p>Tutti i prezzi si intendono IVA esclusa, salvo diversa indicazione. Accettiamo fattura, carta di credito, addebito SEPA e PayPal.</p><h2>3. Consegna</h2><p>Gli articoli disponibili partono entro 1–2 giorni lavorativi, quelli del magazzino esterno entro 4–5 giorni lavorativi.</p><h2>4. Privacy</h2><p>Trattiamo i vostri dati esclusivamente per evadere l'ordine. I cookie statistici vengono impostati solo con il vostro consenso.</p>",
    ),
  },
  {
    identifier: 'impressum',
    slug: t('impressum', 'legal-notice', 'mentions-legales', 'aviso-legal', 'note-legali'),
    menuTitle: t('Impressum', 'Legal notice', 'Mentions légales', 'Aviso legal', 'Note legali'),
    title: t('Impressum', 'Legal notice', 'Mentions légales', 'Aviso legal', 'Note legali'),
    description: t(
      'Angaben zum Anbieter dieses Shops: Anschrift, Geschäftsführung, Handelsregister und Umsatzsteuer-Identifikationsnummer.',
      'About the provider of this shop: postal address, managing director, commercial register entry and VAT ID.',
      "Informations sur l'éditeur de cette boutique : adresse, gérance, inscription au registre du commerce et numéro de TVA.",
      'Información sobre el titular de esta tienda: dirección, dirección general, registro mercantil y número de IVA.',
      'Informazioni sul gestore di questo negozio: indirizzo, amministrazione, registro delle imprese e partita IVA.',
    ),
    content: t(
      `<p>${COMPANY}</p><p>Geschäftsführer: Anna Beispiel<br>Registergericht: Amtsgericht Stuttgart, HRB 000000<br>USt-IdNr.: DE000000000</p><p>Dies ist ein Demo-Shop; alle Angaben sind fiktiv.</p>`,
      `<p>${COMPANY}</p><p>Managing director: Anna Beispiel<br>Register court: Stuttgart local court, HRB 000000<br>VAT ID: DE000000000</p><p>This is a demo shop; all details are fictitious.</p>`,
      `<p>${COMPANY}</p><p>Gérante : Anna Beispiel<br>Registre du commerce : tribunal de Stuttgart, HRB 000000<br>N° de TVA : DE000000000</p><p>Ceci est une boutique de démonstration ; toutes les informations sont fictives.</p>`,
      `<p>${COMPANY}</p><p>Directora general: Anna Beispiel<br>Registro mercantil: juzgado de Stuttgart, HRB 000000<br>NIF-IVA: DE000000000</p><p>Esta es una tienda de demostración; todos los datos son ficticios.</p>`,
      `<p>${COMPANY}</p><p>Amministratrice: Anna Beispiel<br>Registro delle imprese: tribunale di Stoccarda, HRB 000000<br>Partita IVA: DE000000000</p><p>Questo è un negozio dimostrativo; tutti i dati sono fittizi.</p>`,
    ),
  },
  {
    identifier: 'versand',
    slug: t('versand', 'shipping', 'livraison', 'envio', 'spedizione'),
    menuTitle: t('Versand & Lieferung', 'Shipping & delivery', 'Livraison', 'Envío y entrega', 'Spedizione e consegna'),
    title: t(
      'Versand und Lieferung',
      'Shipping and delivery',
      'Expédition et livraison',
      'Envío y entrega',
      'Spedizione e consegna',
    ),
    description: t(
      'Versandarten, Kosten und Lieferzeiten: Standardversand, Expresszustellung am nächsten Werktag und Abholung in Stuttgart.',
      'Shipping methods, costs and delivery times: standard shipping, next-working-day express delivery and collection in Stuttgart.',
      "Modes d'expédition, frais et délais : livraison standard, express le jour ouvré suivant et retrait à Stuttgart.",
      'Métodos de envío, costes y plazos: envío estándar, exprés al día laborable siguiente y recogida en Stuttgart.',
      'Metodi di spedizione, costi e tempi: spedizione standard, espressa il giorno lavorativo successivo e ritiro a Stoccarda.',
    ),
    content: t(
      '<h2>Standardversand</h2><p>5,95 € je Bestellung, versandkostenfrei ab 250 € Warenwert. Lieferung in Deutschland, Österreich, der Schweiz und weiteren Ländern.</p><h2>Expressversand</h2><p>14,95 € – Zustellung am nächsten Werktag innerhalb Deutschlands und Österreichs.</p><h2>Abholung</h2><p>Kostenlos in unserem Lager in Stuttgart, Montag bis Freitag von 7 bis 17 Uhr.</p>',
      '<h2>Standard shipping</h2><p>€5.95 per order, free from €250. We deliver to Germany, Austria, Switzerland and other countries.</p><h2>Express shipping</h2><p>€14.95 – next working day delivery within Germany and Austria.</p><h2>Collection</h2><p>Free from our Stuttgart warehouse, Monday to Friday, 7 am to 5 pm.</p>',
      "<h2>Livraison standard</h2><p>5,95 € par commande, offerte dès 250 € d'achat. Livraison en Allemagne, Autriche, Suisse et dans d'autres pays.</p><h2>Livraison express</h2><p>14,95 € – livraison le jour ouvré suivant en Allemagne et en Autriche.</p><h2>Retrait</h2><p>Gratuit dans notre entrepôt de Stuttgart, du lundi au vendredi de 7 h à 17 h.</p>",
      '<h2>Envío estándar</h2><p>5,95 € por pedido, gratis a partir de 250 €. Enviamos a Alemania, Austria, Suiza y otros países.</p><h2>Envío exprés</h2><p>14,95 €: entrega al día laborable siguiente en Alemania y Austria.</p><h2>Recogida</h2><p>Gratuita en nuestro almacén de Stuttgart, de lunes a viernes de 7:00 a 17:00.</p>',
      '<h2>Spedizione standard</h2><p>5,95 € per ordine, gratuita da 250 €. Consegniamo in Germania, Austria, Svizzera e in altri paesi.</p><h2>Spedizione espressa</h2><p>14,95 € – consegna il giorno lavorativo successivo in Germania e Austria.</p><h2>Ritiro</h2><p>Gratuito presso il nostro magazzino di Stoccarda, dal lunedì al venerdì dalle 7 alle 17.</p>',
    ),
  },
  {
    identifier: 'kontakt',
    slug: t('kontakt', 'contact', 'contact', 'contacto', 'contatti'),
    menuTitle: t('Kontakt', 'Contact', 'Contact', 'Contacto', 'Contatti'),
    title: t('Kontakt', 'Contact us', 'Nous contacter', 'Contacto', 'Contattaci'),
    description: t(
      'So erreichen Sie unser Serviceteam: telefonisch und per E-Mail, Montag bis Freitag von 8 bis 17 Uhr.',
      'How to reach our service team: by phone and by email, Monday to Friday from 8 am to 5 pm.',
      'Comment joindre notre service client : par téléphone et par e-mail, du lundi au vendredi de 8 h à 17 h.',
      'Cómo contactar con nuestro equipo de atención: por teléfono y correo electrónico, de lunes a viernes de 8:00 a 17:00.',
      'Come contattare il nostro servizio clienti: per telefono e per e-mail, dal lunedì al venerdì dalle 8 alle 17.',
    ),
    content: t(
      '<p>Unser Serviceteam ist Montag bis Freitag von 8 bis 17 Uhr für Sie da.</p><p>Telefon: <a href="tel:+497110000000">+49 711 0000000</a><br>E-Mail: <a href="mailto:service@protool.example" onclick="trackContact(\'mail\')">service@protool.example</a></p><script>window.trackContact = function (c) { console.log(c); };</script>',
      '<p>Our service team is available Monday to Friday, 8 am to 5 pm.</p><p>Phone: <a href="tel:+497110000000">+49 711 0000000</a><br>Email: <a href="mailto:service@protool.example" onclick="trackContact(\'mail\')">service@protool.example</a></p><script>window.trackContact = function (c) { console.log(c); };</script>',
      '<p>Notre service client est à votre disposition du lundi au vendredi de 8 h à 17 h.</p><p>Téléphone : <a href="tel:+497110000000">+49 711 0000000</a><br>E-mail : <a href="mailto:service@protool.example" onclick="trackContact(\'mail\')">service@protool.example</a></p><script>window.trackContact = function (c) { console.log(c); };</script>',
      '<p>Nuestro equipo de atención le atiende de lunes a viernes de 8:00 a 17:00.</p><p>Teléfono: <a href="tel:+497110000000">+49 711 0000000</a><br>Correo electrónico: <a href="mailto:service@protool.example" onclick="trackContact(\'mail\')">service@protool.example</a></p><script>window.trackContact = function (c) { console.log(c); };</script>',
      '<p>Il nostro servizio clienti è a vostra disposizione dal lunedì al venerdì dalle 8 alle 17.</p><p>Telefono: <a href="tel:+497110000000">+49 711 0000000</a><br>E-mail: <a href="mailto:service@protool.example" onclick="trackContact(\'mail\')">service@protool.example</a></p><script>window.trackContact = function (c) { console.log(c); };</script>',
    ),
  },
];
