import { type Payload, requestBlob } from './http';

/** Save a blob through a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Download a server file (e.g. an xlsx export with the current filters): a GET with credentials through
 * the request client, saved under the server's file name or `fallbackName`.
 */
export async function downloadFile(
  path: string,
  params: Payload | undefined,
  fallbackName: string,
): Promise<void> {
  const { blob, filename } = await requestBlob(path, params);
  saveBlob(blob, filename ?? fallbackName);
}
