/**
 * Reading request bodies (with a size bound, always drained so every request is answered) and writing replies;
 * media-type tests. Document part 4: "All bodies are JSON"; RFC 6749 §4.4.2 (form-encoded token requests).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './reply';

export type BodyRead = { readonly tooLarge: false; readonly text: string } | { readonly tooLarge: true };

export const BODY_LIMIT_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? { tooLarge: true } : { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined) {
    if (reply.status !== 204 && reply.status !== 304) headers['Content-Length'] = '0';
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['Content-Type'] = reply.contentType ?? 'application/json; charset=utf-8';
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers);
  res.end(text);
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** `application/json`; with `suffix`, also any `application/*+json` (Spring's MappingJackson2HttpMessageConverter). */
export function isJsonContentType(header: string | undefined, suffix = false): boolean {
  const type = mediaType(header);
  return type === 'application/json' || (suffix && /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type));
}

export function isFormContentType(header: string | undefined): boolean {
  return mediaType(header) === 'application/x-www-form-urlencoded';
}
