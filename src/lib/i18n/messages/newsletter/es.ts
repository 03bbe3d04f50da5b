import type { NewsletterMessages } from './en.ts';

// The Spanish messages of the newsletter page (double opt-in) and the loyalty card; keys and placeholders mirror en.ts.
export const esNewsletter: NewsletterMessages = {
  'newsletter.intro':
    'Nuestro boletín le informa por correo electrónico, aproximadamente una vez al mes, sobre nuevos productos, ofertas y ferias profesionales.',
  'newsletter.statusHeading': 'Su suscripción',
  'newsletter.status.none': 'No está suscrito al boletín.',
  'newsletter.status.pending':
    'Confirmación pendiente: hemos enviado un enlace de confirmación a {{email}}. Su suscripción comienza en cuanto lo abra.',
  'newsletter.status.subscribed': 'Suscrito desde el {{date}} con {{email}}.',
  'newsletter.status.unsubscribed': 'No está suscrito al boletín (baja el {{date}}).',
  'newsletter.consentHeading': 'Su consentimiento',
  'newsletter.consent':
    'Sí, deseo recibir el boletín de {{shop}} por correo electrónico en {{email}}, con novedades sobre productos, ofertas y eventos. Puedo retirar mi consentimiento en cualquier momento y de forma gratuita en mi cuenta de cliente o mediante el enlace incluido en cada boletín.',
  'newsletter.consentVersion': 'Versión del texto de consentimiento: {{version}}',
  'newsletter.subscribe': 'Suscribirse al boletín',
  'newsletter.resend': 'Enviar de nuevo el enlace de confirmación',
  'newsletter.unsubscribe': 'Darse de baja del boletín',
  'newsletter.notice.sent': 'Hemos enviado un enlace de confirmación a {{email}}. Es válido durante {{hours}} horas.',
  'newsletter.notice.unsubscribed': 'Se ha dado de baja del boletín.',
  'newsletter.error.consentChanged':
    'El texto de consentimiento ha cambiado entretanto. Léalo de nuevo y vuelva a suscribirse.',
  'newsletter.error.failed': 'No ha funcionado. Inténtelo de nuevo.',
  'newsletter.error.tooMany':
    'Ya hemos enviado varios enlaces de confirmación en los últimos minutos. Revise su bandeja de entrada o inténtelo de nuevo dentro de {{minutes}} minutos.',
  'newsletter.status.otherEmail':
    'Su suscripción es para {{email}}, que ya no es la dirección de correo de su cuenta. Suscríbase de nuevo para recibir el boletín en su dirección actual.',
  'newsletter.confirm.title': 'Confirme su suscripción al boletín',
  'newsletter.confirm.intro': 'Confirme que {{email}} debe recibir nuestro boletín.',
  'newsletter.confirm.button': 'Confirmar suscripción',
  'newsletter.confirm.done': '¡Gracias! Su suscripción al boletín está confirmada.',
  'newsletter.confirm.invalid':
    'Este enlace de confirmación es desconocido, ha caducado o ya se ha utilizado. No se ha modificado nada. Puede solicitar un enlace nuevo en su cuenta de cliente.',
  'newsletter.confirm.toAccount': 'Ir a mis ajustes del boletín',
  'loyalty.intro':
    'Muestre esta tarjeta en nuestro mostrador profesional o al recoger mercancía: el código de barras contiene su número de cliente.',
  'loyalty.cardTitle': 'Tarjeta de cliente',
  'loyalty.customerNumber': 'Número de cliente',
  'loyalty.barcodeLabel': 'Código de barras del número de cliente {{number}}',
  'loyalty.name': 'Nombre',
  'loyalty.company': 'Empresa',
  'loyalty.print': 'Imprimir tarjeta',
  'loyalty.noBarcode': 'Su número de cliente no se puede mostrar como código de barras; indique el número en su lugar.',
};
