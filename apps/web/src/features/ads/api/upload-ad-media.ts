import { IMAGE_MAX_BYTES, mediaUploadSchema, VIDEO_MAX_BYTES } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { noResponseError, toApiError, toastApiError } from '@/lib/http';
import { readUserToken } from '@/lib/user-token';

export type MediaUpload = z.infer<typeof mediaUploadSchema>;

const uploadResponseSchema = one(mediaUploadSchema);

function readBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** What the browser can tell before sending: the server decides the type from the file's bytes. */
export function uploadProblem(file: File): string | null {
  if (file.type.startsWith('video/')) {
    return file.size > VIDEO_MAX_BYTES ? `Videos can be at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB` : null;
  }
  if (file.type.startsWith('image/')) {
    return file.size > IMAGE_MAX_BYTES ? `Images can be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB` : null;
  }
  return 'Choose an image (JPEG, PNG, WebP, GIF) or a video (MP4, WebM)';
}

/**
 * POST /api/ads/media (multipart field `file`). XMLHttpRequest rather than fetch, because
 * only it reports upload progress; failures get the same toasts as every other call.
 */
export function uploadAdMedia(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return new Promise<MediaUpload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/ads/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readUserToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = readBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(uploadResponseSchema.parse(body).data);
        } catch (error) {
          reject(error);
        }
        return;
      }
      const error = toApiError(xhr.status, body);
      toastApiError(error);
      reject(error);
    };
    xhr.onerror = () => {
      const error = noResponseError();
      toastApiError(error);
      reject(error);
    };
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadAdMedia() {
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      setProgress(0);
      return uploadAdMedia(file, setProgress, controller.current.signal);
    },
  });
  return { ...mutation, progress, cancel: () => controller.current?.abort() };
}
