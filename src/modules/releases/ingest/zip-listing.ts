import { open } from 'node:fs/promises';

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record (22 bytes) plus the longest comment a zip may carry. */
const TAIL_BYTES = 22 + 0xffff;
/** More entries than any Shapefile or File Geodatabase has: a listing of this is some other archive. */
const ENTRIES_READ = 100_000;

/**
 * The names of the files in a zip, from its central directory at the end of the file (read there,
 * not by unzipping): what a source zip holds decides how it is read, or why it is refused.
 * Null when the file is no zip that can be read.
 */
export async function zipListing(path: string): Promise<string[] | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    let entries = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === 0xffffffff || entries === 0xffff) {
      // A zip past 4 GB: the real figures are in the ZIP64 end record the locator before points to.
      if (end < 20 || tail.readUInt32LE(end - 20) !== ZIP64_END_LOCATOR) return null;
      const zip64At = Number(tail.readBigUInt64LE(end - 12));
      const zip64 = Buffer.alloc(56);
      await file.read(zip64, 0, 56, zip64At);
      if (zip64.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) return null;
      entries = Number(zip64.readBigUInt64LE(32));
      directorySize = Number(zip64.readBigUInt64LE(40));
      directoryOffset = Number(zip64.readBigUInt64LE(48));
    }
    if (entries > ENTRIES_READ || directoryOffset + directorySize > size) return null;
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await file.close();
  }
}
