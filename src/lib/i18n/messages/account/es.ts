import type { AccountMessages } from './en.ts';

// The Spanish messages of the account area's frame and its order pages; keys and placeholders mirror en.ts.
export const esAccount: AccountMessages = {
  'account.AddressDetails': 'Direcciones',
  'account.BillingDetails': 'Datos de facturación',
  'account.LoyaltyCard': 'Tarjeta de fidelización',
  'account.MyItems': 'Mis artículos',
  'account.MyNewsletter': 'Boletín informativo',
  'account.MyProfile': 'Mi perfil',
  'account.MyReviews': 'Mis valoraciones',
  'account.OrderHistory': 'Historial de pedidos',
  'account.ShippingDetails': 'Datos de envío',
  'account.orders.empty': 'Todavía no ha realizado ningún pedido.',
  'account.logoutError': 'No se ha podido cerrar la sesión. Inténtelo de nuevo.',
  'account.signInRequired': 'Inicie sesión para ver su cuenta.',
  'account.myItems.empty': 'Su cuenta aún no tiene una lista de precios propia.',
  'account.myItems.item': 'Artículo',
  'account.order.title': 'Pedido {{number}}',
  'account.order.back': 'Volver al historial de pedidos',
  'account.order.print': 'Imprimir',
  'account.order.reorder': 'Volver a pedir',
  'account.order.reorderDone': 'Los artículos de este pedido vuelven a estar en su carrito, a los precios de hoy.',
  'account.order.reorderRefused': 'No se han podido añadir estos artículos:',
  'account.order.comment': 'Su comentario',
};
