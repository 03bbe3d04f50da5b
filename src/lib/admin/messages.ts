// The editor workspace's own texts in German and English. Editors are staff, not shoppers: the
// workspace speaks these two languages whatever languages the shop offers. Keys:
//   form.<name>             words of the schema form (FormStrings), with {placeholders}
//   field.<key>             the label of a content field, one per key found in the content schemas
//   option.<key>.<value>    an enum value whose raw code would confuse an editor
//   language.<locale>       a shop language, wherever a locale code is the choice
//   issue.<name>            why a value is refused
import type { z } from 'astro/zod';
import { isLocale } from '../i18n/locales.ts';
import { fillTemplate, humanizeKey, type FormStrings } from './form-model.ts';
import { LINK_RELS, META_NAMES, ruleOf } from '../content/links.ts';

const de = {
  'form.add': '{item} hinzufügen',
  'form.remove': '{item} entfernen',
  'form.moveUp': '{item} nach oben verschieben',
  'form.moveDown': '{item} nach unten verschieben',
  'form.removeShort': 'Entfernen',
  'form.moveUpShort': 'Nach oben',
  'form.moveDownShort': 'Nach unten',
  'form.item': 'Eintrag',
  'form.itemRef': 'Eintrag {position}',
  'form.itemRefSummary': 'Eintrag {position} ({summary})',
  'form.itemTitle': 'Eintrag {position}',
  'form.siteDefault': 'Standard der Website',
  'form.notSet': 'Nicht festgelegt',
  'form.yes': 'Ja',
  'form.no': 'Nein',
  'form.key': 'Schlüssel',
  'form.value': 'Wert',
  'form.keyRequired': 'Schlüssel angeben',
  'form.duplicateKey': 'Dieser Schlüssel kommt mehrfach vor',

  'issue.required': 'Pflichtangabe',
  'issue.tooShort': 'Mindestens {minimum} Zeichen',
  'issue.tooLong': 'Höchstens {maximum} Zeichen',
  'issue.tooFew': 'Mindestens {minimum} Einträge',
  'issue.tooMany': 'Höchstens {maximum} Einträge',
  'issue.tooLow': 'Mindestens {minimum}',
  'issue.tooHigh': 'Höchstens {maximum}',
  'issue.notInteger': 'Nur ganze Zahlen',
  'issue.pattern': 'Ungültiges Format: {message}',
  'issue.url': 'Vollständige Adresse angeben, z. B. https://example.com',
  'issue.choice': 'Ungültige Auswahl',
  'issue.unknownKeys': 'Unbekannte Felder: {keys}',
  'issue.invalid': 'Ungültiger Wert',
  'issue.link': 'Eine Seite dieser Website (/…, c:… oder i:…) oder eine https:-, mailto:- oder tel:-Adresse angeben',
  'issue.pageLink': 'Eine Seite dieser Website (/…) oder eine https://-Adresse angeben',
  'issue.webLink': 'Eine https://-Adresse angeben',
  'issue.resource':
    'Eine Datei dieser Website (/…) oder eine https://-Adresse auf einem vom Betreiber freigegebenen Bild-Host angeben',
  'issue.metaName': 'Nicht erlaubt; erlaubt sind: {names}',
  'issue.linkRel': 'Nicht erlaubt; erlaubt sind: {names}',

  'field.kind': 'Art',
  'field.titles': 'Titel je Sprache',
  'field.locale': 'Sprache',
  'field.title': 'Titel',
  'field.url': 'Link-Ziel',
  'field.visibility': 'Sichtbarkeit',
  'field.group': 'Gruppe',
  'field.sidebar': 'In Seitenleiste öffnen',
  'field.children': 'Untereinträge',
  'field.hidden': 'Ausgeblendet',
  'field.entries': 'Einträge',
  'field.columns': 'Spalten',
  'field.header': 'Kopfzeile',
  'field.items': 'Elemente',
  'field.label': 'Beschriftung',
  'field.social': 'Soziale Netzwerke',
  'field.href': 'Adresse (URL)',
  'field.icon': 'Symbol',
  'field.backgroundColor': 'Hintergrundfarbe',
  'field.iconColor': 'Symbolfarbe',
  'field.logo': 'Logo',
  'field.description': 'Beschreibung',
  'field.descriptions': 'Beschreibung je Sprache',
  'field.slogans': 'Slogan je Sprache (im Titel der Startseite)',
  'field.favicon': 'Favicon',
  'field.meta': 'Meta-Angaben',
  'field.name': 'Name',
  'field.content': 'Inhalt',
  'field.links': 'Link-Elemente im Seitenkopf',
  'field.rel': 'Beziehung (rel)',
  'field.registerUrl': 'Adresse der Registrierung',
  'field.currencies': 'Währungen',
  'field.flags': 'Funktionen',
  'field.isCategoryBarEnabled': 'Kategorieleiste',
  'field.displayCategoryRootName': 'Name der Hauptkategorie anzeigen',
  'field.isCategoryBreadcrumbsEnabled': 'Brotkrumennavigation in Kategorien',
  'field.isRegistrationEnabled': 'Registrierung',
  'field.isCheckoutRegistrationEnabled': 'Registrierung im Bestellprozess',
  'field.isBillingManagmentEnabled': 'Rechnungsadressen verwalten',
  'field.isGuestUserEnabled': 'Bestellung als Gast',
  'field.isDefaultShippingUpdateEnabled': 'Standard-Lieferadresse änderbar',
  'field.isDefaultBillingUpdateEnabled': 'Standard-Rechnungsadresse änderbar',
  'field.isPriceForGuestEnabled': 'Preise für Gäste anzeigen',
  'field.orderReference': 'Bestellreferenz abfragen',
  'field.company': 'Firmenname',
  'field.displayItemnum': 'Artikelnummer anzeigen',
  'field.displayTaxMessageForPrice': 'Steuerhinweis am Preis',
  'field.defaultProductListView': 'Standardansicht der Produktliste',
  'field.isOrderHistoryEnabled': 'Bestellhistorie',
  'field.isPricesLazyLoadEnabled': 'Preise nachladen',
  'field.isSortingEnabled': 'Sortierung',
  'field.filterView': 'Position der Filter',
  'field.contactUsLink': 'Link zur Kontaktseite',
  'field.displayStartingPrice': '„ab“-Preis anzeigen',
  'field.isMyItemsViewEnabled': 'Ansicht „Meine Artikel“',
  'field.categoriesMapper': 'Kategoriezuordnung',
  'field.searchPopupView': 'Darstellung der Suchvorschau',
  'field.leaveMenuTimeout': 'Schließverzögerung des Menüs (ms)',
  'field.displayMyItemLink': 'Link zu „Meine Artikel“ anzeigen',
  'field.defaultMyItemsView': 'Standardansicht von „Meine Artikel“',
  'field.locales': 'Angebotene Sprachen',
  'field.messages': 'Eigene Texte je Sprache',
  'field.filters': 'Filter',
  'field.list': 'Listenansicht',
  'field.image': 'Bild',
  'field.imageAlt': 'Alternativtext des Bildes',
  'field.headline': 'Schlagzeile',
  'field.text': 'Text',
  'field.cta': 'Schaltfläche',
  'field.skus': 'Artikelnummern (SKU)',
  'field.limit': 'Höchstzahl',
  'field.filter': 'Filter (Merkmal=Wert, mehrere mit & verbunden)',
  'field.dueDays': 'Zahlungsziel (Tage)',
  'field.accountHolder': 'Kontoinhaber',
  'field.iban': 'IBAN',
  'field.bic': 'BIC',
  'field.bankName': 'Name der Bank',
  'field.handlingDays': 'Bearbeitungszeit bis zum Versand (Werktage)',
  'field.transitDays': 'Laufzeit je Versandart (Werktage; Schlüssel: Code der Versandart)',
  'field.minDays': 'Mindestens',
  'field.maxDays': 'Höchstens',
  'field.returnDays': 'Rückgabefrist (Tage; 0: keine Rückgabe)',
  'field.returnMethod': 'Rückgabe per',
  'field.returnFees': 'Kosten der Rücksendung',
  'field.slug': 'Adresse der Seite (Slug)',

  'option.kind.link': 'Link',
  'option.kind.container': 'Bereich (ganze Menüzeile)',
  'option.kind.dropdown': 'Aufklappmenü',
  'option.visibility.all': 'Überall',
  'option.visibility.desktop': 'Nur Desktop',
  'option.visibility.mobile': 'Nur mobil',
  'option.company.required': 'Pflichtfeld',
  'option.company.optional': 'Freiwillig',
  'option.company.hidden': 'Ausgeblendet',
  'option.defaultProductListView.grid': 'Raster',
  'option.defaultProductListView.list': 'Liste',
  'option.defaultMyItemsView.grid': 'Raster',
  'option.defaultMyItemsView.list': 'Liste',
  'option.filterView.sidebar': 'Seitenleiste',
  'option.filterView.top': 'Über der Liste',
  'option.searchPopupView.default': 'Standard',
  'option.searchPopupView.small-list': 'Kompakte Liste',
  'option.icon.truck': 'Lieferung (Lkw)',
  'option.icon.invoice': 'Rechnung',
  'option.icon.support': 'Kundendienst',
  'option.icon.stock': 'Lager',
  'option.icon.return': 'Rückgabe',
  'option.icon.shield': 'Sicherheit (Schild)',
  'option.returnMethod.mail': 'Post',
  'option.returnMethod.store': 'Abgabe im Geschäft',
  'option.returnMethod.kiosk': 'Abgabestelle',
  'option.returnFees.free': 'Trägt der Shop (kostenlos)',
  'option.returnFees.customer': 'Trägt der Kunde',
  'option.icon.facebook': 'Facebook',
  'option.icon.instagram': 'Instagram',
  'option.icon.linkedin': 'LinkedIn',
  'option.icon.youtube': 'YouTube',
  'option.icon.x': 'X',
  'option.icon.xing': 'XING',

  'language.de': 'Deutsch',
  'language.en': 'Englisch',
  'language.fr': 'Französisch',
  'language.es': 'Spanisch',
  'language.it': 'Italienisch',
} as const;

type AdminMessageKey = keyof typeof de;

const en = {
  'form.add': 'Add {item}',
  'form.remove': 'Remove {item}',
  'form.moveUp': 'Move {item} up',
  'form.moveDown': 'Move {item} down',
  'form.removeShort': 'Remove',
  'form.moveUpShort': 'Up',
  'form.moveDownShort': 'Down',
  'form.item': 'entry',
  'form.itemRef': 'entry {position}',
  'form.itemRefSummary': 'entry {position} ({summary})',
  'form.itemTitle': 'Entry {position}',
  'form.siteDefault': 'Site default',
  'form.notSet': 'Not set',
  'form.yes': 'Yes',
  'form.no': 'No',
  'form.key': 'Key',
  'form.value': 'Value',
  'form.keyRequired': 'Enter a key',
  'form.duplicateKey': 'This key appears more than once',

  'issue.required': 'Required',
  'issue.tooShort': 'At least {minimum} characters',
  'issue.tooLong': 'At most {maximum} characters',
  'issue.tooFew': 'At least {minimum} entries',
  'issue.tooMany': 'At most {maximum} entries',
  'issue.tooLow': 'At least {minimum}',
  'issue.tooHigh': 'At most {maximum}',
  'issue.notInteger': 'Whole numbers only',
  'issue.pattern': 'Invalid format: {message}',
  'issue.url': 'Enter a full address such as https://example.com',
  'issue.choice': 'Invalid choice',
  'issue.unknownKeys': 'Unknown fields: {keys}',
  'issue.invalid': 'Invalid value',
  'issue.link': 'Enter a page of this site (/…, c:… or i:…) or an https:, mailto: or tel: address',
  'issue.pageLink': 'Enter a page of this site (/…) or an https:// address',
  'issue.webLink': 'Enter an https:// address',
  'issue.resource': 'Enter a file of this site (/…) or an https:// address on an image host the operator allows',
  'issue.metaName': 'Not allowed; allowed are: {names}',
  'issue.linkRel': 'Not allowed; allowed are: {names}',

  'field.kind': 'Kind',
  'field.titles': 'Titles per language',
  'field.locale': 'Language',
  'field.title': 'Title',
  'field.url': 'Link target',
  'field.visibility': 'Visibility',
  'field.group': 'Group',
  'field.sidebar': 'Open in a sidebar',
  'field.children': 'Sub-entries',
  'field.hidden': 'Hidden',
  'field.entries': 'Entries',
  'field.columns': 'Columns',
  'field.header': 'Header',
  'field.items': 'Items',
  'field.label': 'Label',
  'field.social': 'Social networks',
  'field.href': 'Address (URL)',
  'field.icon': 'Icon',
  'field.backgroundColor': 'Background colour',
  'field.iconColor': 'Icon colour',
  'field.logo': 'Logo',
  'field.description': 'Description',
  'field.descriptions': 'Description per language',
  'field.slogans': 'Slogan per language (in the home page title)',
  'field.favicon': 'Favicon',
  'field.meta': 'Meta tags',
  'field.name': 'Name',
  'field.content': 'Content',
  'field.links': 'Link elements in the page head',
  'field.rel': 'Relation (rel)',
  'field.registerUrl': 'Registration address',
  'field.currencies': 'Currencies',
  'field.flags': 'Features',
  'field.isCategoryBarEnabled': 'Category bar',
  'field.displayCategoryRootName': 'Show the root category name',
  'field.isCategoryBreadcrumbsEnabled': 'Breadcrumbs in categories',
  'field.isRegistrationEnabled': 'Registration',
  'field.isCheckoutRegistrationEnabled': 'Registration during checkout',
  'field.isBillingManagmentEnabled': 'Manage billing addresses',
  'field.isGuestUserEnabled': 'Guest checkout',
  'field.isDefaultShippingUpdateEnabled': 'Default shipping address can be changed',
  'field.isDefaultBillingUpdateEnabled': 'Default billing address can be changed',
  'field.isPriceForGuestEnabled': 'Show prices to guests',
  'field.orderReference': 'Ask for an order reference',
  'field.company': 'Company name',
  'field.displayItemnum': 'Show item numbers',
  'field.displayTaxMessageForPrice': 'Tax note next to prices',
  'field.defaultProductListView': 'Default product list view',
  'field.isOrderHistoryEnabled': 'Order history',
  'field.isPricesLazyLoadEnabled': 'Load prices on demand',
  'field.isSortingEnabled': 'Sorting',
  'field.filterView': 'Filter position',
  'field.contactUsLink': 'Contact page link',
  'field.displayStartingPrice': 'Show "from" prices',
  'field.isMyItemsViewEnabled': '"My items" view',
  'field.categoriesMapper': 'Category mapping',
  'field.searchPopupView': 'Search preview layout',
  'field.leaveMenuTimeout': 'Menu close delay (ms)',
  'field.displayMyItemLink': 'Show the "My items" link',
  'field.defaultMyItemsView': 'Default "My items" view',
  'field.locales': 'Offered languages',
  'field.messages': 'Custom texts per language',
  'field.filters': 'Filters',
  'field.list': 'List view',
  'field.image': 'Image',
  'field.imageAlt': 'Image alternative text',
  'field.headline': 'Headline',
  'field.text': 'Text',
  'field.cta': 'Call to action',
  'field.skus': 'Item numbers (SKUs)',
  'field.limit': 'Maximum number',
  'field.filter': 'Filter (attribute=value, several joined by &)',
  'field.dueDays': 'Payment term (days)',
  'field.accountHolder': 'Account holder',
  'field.iban': 'IBAN',
  'field.bic': 'BIC',
  'field.bankName': 'Bank name',
  'field.handlingDays': 'Handling time until dispatch (working days)',
  'field.transitDays': 'Transit time per shipping method (working days; key: the method code)',
  'field.minDays': 'At least',
  'field.maxDays': 'At most',
  'field.returnDays': 'Return window (days; 0: no returns)',
  'field.returnMethod': 'Returns by',
  'field.returnFees': 'Return shipping paid by',
  'field.slug': 'Page address (slug)',

  'option.kind.link': 'Link',
  'option.kind.container': 'Section (full menu row)',
  'option.kind.dropdown': 'Dropdown',
  'option.visibility.all': 'Everywhere',
  'option.visibility.desktop': 'Desktop only',
  'option.visibility.mobile': 'Mobile only',
  'option.company.required': 'Required',
  'option.company.optional': 'Optional',
  'option.company.hidden': 'Hidden',
  'option.defaultProductListView.grid': 'Grid',
  'option.defaultProductListView.list': 'List',
  'option.defaultMyItemsView.grid': 'Grid',
  'option.defaultMyItemsView.list': 'List',
  'option.filterView.sidebar': 'Sidebar',
  'option.filterView.top': 'Above the list',
  'option.searchPopupView.default': 'Standard',
  'option.searchPopupView.small-list': 'Compact list',
  'option.icon.truck': 'Delivery (truck)',
  'option.icon.invoice': 'Invoice',
  'option.icon.support': 'Support',
  'option.icon.stock': 'Stock',
  'option.icon.return': 'Returns',
  'option.icon.shield': 'Safety (shield)',
  'option.returnMethod.mail': 'Mail',
  'option.returnMethod.store': 'Drop-off in store',
  'option.returnMethod.kiosk': 'Drop-off point',
  'option.returnFees.free': 'The shop (free returns)',
  'option.returnFees.customer': 'The customer',
  'option.icon.facebook': 'Facebook',
  'option.icon.instagram': 'Instagram',
  'option.icon.linkedin': 'LinkedIn',
  'option.icon.youtube': 'YouTube',
  'option.icon.x': 'X',
  'option.icon.xing': 'XING',

  'language.de': 'German',
  'language.en': 'English',
  'language.fr': 'French',
  'language.es': 'Spanish',
  'language.it': 'Italian',
} as const satisfies Record<AdminMessageKey, string>;

/** @internal Exported for the message tests; the workspace reads its words through the functions below. */
export const adminMessages = { de, en } as const;
export type AdminLocale = keyof typeof adminMessages;

const text = (locale: AdminLocale, key: string): string | undefined =>
  (adminMessages[locale] as Record<string, string>)[key];

/** A content field's label; a field without one still gets a readable name from its key. */
export const fieldLabel = (locale: AdminLocale, key: string): string =>
  text(locale, `field.${key}`) ?? humanizeKey(key);

/**
 * An enum value's label. Locale codes are the choice under several keys (a title's language, the
 * offered languages, the per-language rows), so they are named once as languages.
 */
export const optionLabel = (locale: AdminLocale, key: string, value: string): string =>
  text(locale, `option.${key}.${value}`) ?? (isLocale(value) ? text(locale, `language.${value}`) : undefined) ?? value;

const FORM_KEYS: Record<keyof FormStrings, AdminMessageKey> = {
  add: 'form.add',
  remove: 'form.remove',
  moveUp: 'form.moveUp',
  moveDown: 'form.moveDown',
  removeShort: 'form.removeShort',
  moveUpShort: 'form.moveUpShort',
  moveDownShort: 'form.moveDownShort',
  item: 'form.item',
  itemRef: 'form.itemRef',
  itemRefSummary: 'form.itemRefSummary',
  itemTitle: 'form.itemTitle',
  siteDefault: 'form.siteDefault',
  notSet: 'form.notSet',
  yes: 'form.yes',
  no: 'form.no',
  key: 'form.key',
  value: 'form.value',
  keyRequired: 'form.keyRequired',
  duplicateKey: 'form.duplicateKey',
};

/** The schema form's words in one workspace language. */
export function formStrings(locale: AdminLocale): FormStrings {
  const messages = adminMessages[locale];
  return Object.fromEntries(
    Object.entries(FORM_KEYS).map(([name, key]) => [name, messages[key]]),
  ) as unknown as FormStrings;
}

/** The content schemas' own pattern messages (English, as the server answers), in German for the German workspace. */
const GERMAN_PATTERN_HINTS: Record<string, string> = {
  'must be a hex colour such as #0a5cad': 'eine Hex-Farbe wie #0a5cad angeben',
  'must be an IBAN such as DE89 3704 0044 0532 0130 00': 'eine IBAN wie DE89 3704 0044 0532 0130 00 angeben',
  'must be a BIC such as COBADEFFXXX': 'eine BIC wie COBADEFFXXX angeben',
  'must be lower-case letters, digits and hyphens, such as terms-of-sale':
    'nur Kleinbuchstaben, Ziffern und Bindestriche, z. B. lieferbedingungen',
};

const patternHint = (locale: AdminLocale, message: string): string =>
  locale === 'de' ? (GERMAN_PATTERN_HINTS[message] ?? message) : message;

/** Rewords zod's issues in the workspace language; pass it to validate(). */
export function issueMessage(locale: AdminLocale): (issue: z.core.$ZodIssue) => string {
  const messages = adminMessages[locale];
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return messages['issue.required'];
        return issue.expected === 'int' ? messages['issue.notInteger'] : messages['issue.invalid'];
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return messages['issue.required'];
        return fillTemplate(
          messages[
            issue.origin === 'string' ? 'issue.tooShort' : issue.origin === 'array' ? 'issue.tooFew' : 'issue.tooLow'
          ],
          { minimum: String(issue.minimum) },
        );
      case 'too_big':
        return fillTemplate(
          messages[
            issue.origin === 'string' ? 'issue.tooLong' : issue.origin === 'array' ? 'issue.tooMany' : 'issue.tooHigh'
          ],
          { maximum: String(issue.maximum) },
        );
      case 'invalid_format':
        return issue.format === 'url'
          ? messages['issue.url']
          : fillTemplate(messages['issue.pattern'], { message: patternHint(locale, issue.message) });
      case 'invalid_value':
        return messages['issue.choice'];
      case 'unrecognized_keys':
        return fillTemplate(messages['issue.unknownKeys'], { keys: issue.keys.join(', ') });
      case 'custom': {
        const rule = ruleOf(issue);
        if (rule === null) return messages['issue.invalid'];
        return fillTemplate(messages[`issue.${rule}`], {
          names: (rule === 'metaName' ? META_NAMES : LINK_RELS).join(', '),
        });
      }
      default:
        return messages['issue.invalid'];
    }
  };
}
