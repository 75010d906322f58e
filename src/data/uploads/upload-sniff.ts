import { SNIFF_BYTES } from '#contract/file-signatures.ts';

/** Reads only the first SNIFF_BYTES of the Blob, never the whole file. */
export async function readHead(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
}
