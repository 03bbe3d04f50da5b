// English messages of the account area's frame and its order pages (navigation titles, order history,
// order details, My Items' empty state): a part of en.ts of its own. Every other locale's part has
// exactly these keys.
export const enAccount = {
  'account.AddressDetails': 'Addresses',
  'account.BillingDetails': 'Billing details',
  'account.LoyaltyCard': 'Loyalty card',
  'account.MyItems': 'My Items',
  'account.MyNewsletter': 'Newsletter',
  'account.MyProfile': 'My profile',
  'account.MyReviews': 'My reviews',
  'account.OrderHistory': 'Order history',
  'account.ShippingDetails': 'Shipping details',
  'account.orders.empty': 'You have not placed any orders yet.',
  'account.logoutError': 'You could not be logged out. Please try again.',
  'account.signInRequired': 'Please log in to see your account.',
  'account.myItems.empty': 'Your account has no price list of its own yet.',
  'account.myItems.item': 'Item',
  'account.order.title': 'Order {{number}}',
  'account.order.back': 'Back to order history',
  'account.order.print': 'Print',
  'account.order.reorder': 'Order again',
  'account.order.reorderDone': 'The items of this order are in your cart again, at today’s prices.',
  'account.order.reorderRefused': 'These items could not be added:',
  'account.order.comment': 'Your comment',
} as const;

export type AccountMessages = Record<keyof typeof enAccount, string>;
