import { describe, expect, it } from 'vitest';
import { snapOf } from '@/features/certificates/certificate-snap';

const canvas = { width: 842, height: 595 };

describe('snap guides of the certificate editor', () => {
  it("snaps the dragged element's centre to the canvas centre within 4 units, and shows the guide", () => {
    const snapped = snapOf({ x: 219, y: 100, width: 400, height: 40 }, [], canvas);
    expect(snapped.x).toBe(221);
    expect(snapped.guides.v).toBe(421);
    expect(snapped.guides.h).toBeNull();
  });

  it("snaps edges to another element's edges, and leaves a far element alone", () => {
    const other = { x: 100, y: 300, width: 200, height: 50 };
    const near = snapOf({ x: 303, y: 352, width: 80, height: 20 }, [other], canvas);
    expect([near.x, near.y]).toEqual([300, 350]);
    expect(near.guides).toEqual({ v: 300, h: 350 });
    const far = snapOf({ x: 520, y: 130, width: 80, height: 20 }, [other], canvas);
    expect([far.x, far.y]).toEqual([520, 130]);
    expect(far.guides).toEqual({ v: null, h: null });
  });
});
