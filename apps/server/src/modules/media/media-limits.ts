import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@adloop/contract/ads';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** What one company may hold in media (decision 044); `MEDIA_QUOTA_BYTES` changes it. */
export const DEFAULT_COMPANY_STORAGE_BYTES = 5 * GB;
/** What one user may upload in a rolling hour (decision 044); `MEDIA_UPLOAD_RATE_BYTES_PER_HOUR` changes it. */
export const DEFAULT_USER_BYTES_PER_HOUR = 2 * GB;

export interface UploadLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  /** Bytes of media a company may hold, each stored file counted once however often it sent it. */
  companyStorageBytes: number;
  /** Bytes a user may send in any hour, repeated files included. */
  userBytesPerHour: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  imageMaxBytes: IMAGE_MAX_BYTES,
  videoMaxBytes: VIDEO_MAX_BYTES,
  companyStorageBytes: DEFAULT_COMPANY_STORAGE_BYTES,
  userBytesPerHour: DEFAULT_USER_BYTES_PER_HOUR,
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Sizes as people read them (binary units, written GB/MB/KB as the rest of the product does). */
export function humanBytes(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  if (bytes >= KB) return `${oneDecimal(bytes / KB)} KB`;
  return `${bytes} bytes`;
}
