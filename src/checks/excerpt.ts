/** Short texts of an exchange for failure messages. */
import type { Exchange } from '../http/exchange';

export function bodyExcerpt(exchange: Exchange): string {
  const text = exchange.response?.text ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
