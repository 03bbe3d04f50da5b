import type { QuickOrderMessages } from './en.ts';

// The Spanish messages of the quick order page; keys and placeholders mirror en.ts.
export const esQuickOrder: QuickOrderMessages = {
  'catalog.yourItemNo': 'Su n.º de artículo',
  'header.quickOrder': 'Pedido rápido',
  'quickOrderPage.intro':
    'Pida por número de artículo: escriba o pegue sus líneas, o suba un archivo CSV o Excel de hasta {{max}} líneas. Cada línea se comprueba con su precio y la disponibilidad antes de que nada entre en el carrito.',
  'quickOrderPage.finder': 'Buscar un artículo',
  'quickOrderPage.finderHint': 'Escriba un número de artículo o un nombre y elija una sugerencia.',
  'quickOrderPage.quantity': 'Cantidad',
  'quickOrderPage.addLine': 'Añadir línea',
  'quickOrderPage.file': 'O suba un archivo (CSV o XLSX)',
  'quickOrderPage.fileHint':
    'Una columna para el número de artículo y otra para la cantidad; una fila de encabezado como «Número de artículo; Cantidad» las nombra. Un archivo elegido se lee en lugar de las líneas de arriba.',
  'quickOrderPage.fileFormat':
    'Este archivo no es un archivo CSV ni un archivo Excel (XLSX). Guárdelo en uno de estos formatos.',
  'quickOrderPage.fileUnreadable':
    'No se ha podido leer este archivo. Compruebe que sea un archivo CSV o XLSX completo.',
  'quickOrderPage.tooLarge': 'Este archivo es demasiado grande. Suba como máximo {{max}} líneas.',
  'quickOrderPage.summary': 'Líneas que se pueden añadir: {{ready}} de {{total}}.',
  'quickOrderPage.refusedCount_one': '{{count}} línea no se puede pedir; el motivo figura a su lado.',
  'quickOrderPage.refusedCount_other': '{{count}} líneas no se pueden pedir; cada motivo figura junto a su línea.',
  'quickOrderPage.signIn': 'Inicie sesión para pedir por número de artículo.',
};
