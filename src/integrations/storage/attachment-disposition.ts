/**
 * `Content-Disposition: attachment` naming the file, for the API's own responses and for
 * presigned links alike. Names are made by the store from county slugs; characters that would
 * end the quoted string or the header are replaced all the same.
 */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;
}
