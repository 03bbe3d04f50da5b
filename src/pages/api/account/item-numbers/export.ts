// The company's own item numbers as a CSV download (a link opens it; outside the JSON contracts):
// semicolons, UTF-8 with its mark, a heading in ?locale= (German by default); the import reads it back.
import { customerItems } from '#lib/server/customer-items/index.ts';

export const GET = customerItems.export;
