/**
 * Uploads with progress, for the CSV imports (decision 030): XMLHttpRequest, because fetch reports no upload
 * progress. The server answers a stream of JSON lines (progress, then the result), read as they arrive, so the page
 * shows the server's phases too. The browser parses nothing of the file: it is sent as it is.
 */
import { ACCESS_DENIED, ApiError, problemOf, shownMessage } from './request';
import { refreshSession } from './api';
import { session } from './session';
import { adminToast } from './toast';

export interface StreamOptions {
  method: 'POST' | 'GET';
  url: string;
  body?: Blob;
  contentType?: string;
  /** Bytes sent of the body. */
  onUpload?: (loaded: number, total: number) => void;
  /** Each JSON line of the answer, as it arrives. */
  onLine?: (line: unknown) => void;
  signal?: AbortSignal;
}

function send(options: StreamOptions): Promise<{ status: number; text: string; lines: unknown[] }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, options.url);
    const token = session.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.contentType) xhr.setRequestHeader('Content-Type', options.contentType);
    const lines: unknown[] = [];
    let read = 0;
    const take = () => {
      if (xhr.status !== 200) return;
      const text = xhr.responseText;
      let end = text.indexOf('\n', read);
      while (end >= 0) {
        const raw = text.slice(read, end).trim();
        read = end + 1;
        if (raw) {
          const line: unknown = JSON.parse(raw);
          lines.push(line);
          options.onLine?.(line);
        }
        end = text.indexOf('\n', read);
      }
    };
    xhr.upload.onprogress = (e) =>
      options.onUpload?.(e.loaded, e.lengthComputable ? e.total : (options.body?.size ?? 0));
    xhr.onprogress = take;
    xhr.onload = () => {
      take();
      resolve({ status: xhr.status, text: xhr.responseText, lines });
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'The server could not be reached. Check the connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.body ?? null);
  });
}

function errorOf(status: number, text: string): ApiError {
  let data: unknown = {};
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: the status says it
  }
  const body = problemOf(data);
  const message = shownMessage(body) ?? (status === 403 ? ACCESS_DENIED : `The server answered ${status}.`);
  return new ApiError(status, body.error ?? `HTTP_${status}`, message, body.errors ?? {});
}

/** Send, and answer the JSON lines of a 200; an error answer becomes an ApiError (a 401 is tried once more). */
export async function streamRequest(options: StreamOptions): Promise<unknown[]> {
  let answer = await send(options);
  if (answer.status === 401 && (await refreshSession())) answer = await send(options);
  if (answer.status === 200) return answer.lines;
  if (answer.status === 403) adminToast.error(ACCESS_DENIED);
  throw errorOf(answer.status, answer.text);
}

/** GET a file of the API with the bearer token and save it under `fileName`. */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const get = () =>
    fetch(url, { headers: session.token() ? { Authorization: `Bearer ${session.token() ?? ''}` } : {} });
  let response = await get();
  if (response.status === 401 && (await refreshSession())) response = await get();
  if (!response.ok) throw errorOf(response.status, await response.text());
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
