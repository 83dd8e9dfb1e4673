import { z } from 'zod';
import { datetimeInputToIso, isHttpUrl, isSemver } from './values';

export { datetimeInputToIso, isHttpUrl, isSemver };

/** An absolute http(s) address. */
export const httpUrl = (max: number) => z.string().trim().max(max).refine(isHttpUrl, '只能是 http:// 或 https:// 开头的完整地址。');

/** A file this server serves (media/...) or an absolute http(s) address (an uploaded icon, a CDN image). */
export const mediaOrHttpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isHttpUrl(v) || /^\/?media\/[\w./-]+$/.test(v), '应为上传后的文件地址（media/...）或 http(s) 地址。');

/**
 * A wall-clock time in Asia/Shanghai as the console sends it: "YYYY-MM-DD HH:mm:ss" (seconds
 * optional). Parsed to an instant by the server (datetimeInputToIso).
 */
export const datetimeInput = z.string().trim().refine((v) => datetimeInputToIso(v) !== null, '日期时间格式应为 YYYY-MM-DD HH:mm:ss。');

export const semver = z.string().trim().min(1).max(64).refine(isSemver, '应为语义化版本号，例如 1.2.3 或 2.0.0-beta.1。');
