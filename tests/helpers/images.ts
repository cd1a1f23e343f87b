import sharp from 'sharp';

/**
 * How much fine detail a picture holds: the share of pixels of a 600×315 grey copy that sit on an edge (a Laplacian
 * above 16 grey levels). A blurred picture has next to none, whatever its colours; a sharp photo or poster has many.
 * JPEG noise and smooth gradients stay under the threshold.
 */
export async function detail(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).resize(600, 315, { fit: 'cover' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  const { width: w, height: h } = info;
  let edges = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (Math.abs(4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - w]! - data[i + w]!) > 16) edges++;
    }
  }
  return edges / ((w - 2) * (h - 2));
}
