/** Rectangles for the bond map layout: overlap tests, bounding boxes and row (shelf) packing. */
export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

/** True when the two rectangles share area once `margin` is kept clear around `a`. */
export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return (
    a.x - margin < b.x + b.width &&
    b.x < a.x + a.width + margin &&
    a.y - margin < b.y + b.height &&
    b.y < a.y + a.height + margin
  );
}

export function boundingBox(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.width);
    bottom = Math.max(bottom, r.y + r.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A laid-out set of nodes whose top-left corner is (0, 0); `at` holds each node's top-left. */
export interface Block extends Size {
  at: Record<string, Point>;
}

/**
 * Blocks in rows, left to right, a new row when the next block would pass the target width. The
 * target keeps the whole roughly 16:10, so "Fit to view" on a wide pane does not shrink everything
 * to fit one long row (or column).
 */
export function packRows(blocks: readonly Block[], gap: number): Block {
  const area = blocks.reduce((sum, b) => sum + (b.width + gap) * (b.height + gap), 0);
  const widest = blocks.reduce((max, b) => Math.max(max, b.width), 0);
  const target = Math.max(widest, Math.sqrt(area * 1.6));
  const at: Record<string, Point> = {};
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const block of blocks) {
    if (x > 0 && x + block.width > target) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    for (const [id, p] of Object.entries(block.at)) at[id] = { x: p.x + x, y: p.y + y };
    width = Math.max(width, x + block.width);
    rowHeight = Math.max(rowHeight, block.height);
    x += block.width + gap;
  }
  return { width, height: blocks.length > 0 ? y + rowHeight : 0, at };
}

/** Nodes with no bond in their block, in a near-square grid (dagre would stack them in one column). */
export function gridBlock(ids: readonly string[], size: (id: string) => Size, gap: number): Block {
  const cellW = Math.max(0, ...ids.map((id) => size(id).width)) + gap;
  const cellH = Math.max(0, ...ids.map((id) => size(id).height)) + gap;
  // Cells are wider than tall: fewer columns than rows' worth keep the grid itself about 16:10.
  const columns = Math.max(1, Math.round(Math.sqrt((ids.length * 1.6 * cellH) / cellW)));
  const at: Record<string, Point> = {};
  ids.forEach((id, i) => (at[id] = { x: (i % columns) * cellW, y: Math.floor(i / columns) * cellH }));
  const rows = Math.ceil(ids.length / columns);
  return {
    width: ids.length > 0 ? Math.min(ids.length, columns) * cellW - gap : 0,
    height: rows > 0 ? rows * cellH - gap : 0,
    at,
  };
}
