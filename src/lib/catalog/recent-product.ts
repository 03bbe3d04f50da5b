// The element in which a product page carries its own entry for the recently viewed list (JSON), read
// by record-view.ts; apart from it so the shell can look for the element without loading the list's store.
export const RECENT_PRODUCT_ID = 'recent-product';
