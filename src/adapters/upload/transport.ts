import type { FormField, PostForm, PostResult } from './types';

function formOf(fields: readonly FormField[]): FormData {
  const form = new FormData();
  for (const [name, value, fileName] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName ?? 'blob');
  }
  return form;
}

/** The browser transport: XMLHttpRequest, whose upload events give visible progress. */
export const xhrPostForm: PostForm = (url, fields, { headers = {}, signal, onProgress }) =>
  new Promise<PostResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    xhr.onload = () => {
      onProgress?.(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress?.(0);
    xhr.send(formOf(fields));
  });

/** Where XMLHttpRequest is missing (Node, tests): fetch, with progress only at the start and the end. */
export function fetchPostForm(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): PostForm {
  return async (url, fields, { headers = {}, signal, onProgress }) => {
    onProgress?.(0);
    const response = await fetchImpl(url, { method: 'POST', body: formOf(fields), headers, signal });
    const text = await response.text();
    onProgress?.(1);
    return { status: response.status, text };
  };
}

/** XMLHttpRequest in a browser, fetch elsewhere. */
export function defaultPostForm(): PostForm {
  return typeof XMLHttpRequest === 'function' ? xhrPostForm : fetchPostForm();
}
