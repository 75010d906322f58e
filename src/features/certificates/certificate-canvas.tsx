import type Konva from 'konva';
import QRCode from 'qrcode';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import type { CertificateElement, CertificateLanguage } from '#contract/resources/certificate.ts';
import type { LocalDb } from '@/data/db/local-db';
import { useFileUrl } from '@/ui/resource/fields/use-file-url';
import { CERTIFICATE_FONTS, LINE_HEIGHT, SAMPLE_VERIFY_URL, sampleText } from './certificate-samples';
import { type Guides, snapOf } from './certificate-snap';

/** A picture for the canvas, loaded from a URL (a staged Blob or a signed file URL). */
function useHtmlImage(src: string | null) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) {
      setImage(null);
      return;
    }
    const img = new window.Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => setImage(img);
    img.onerror = () => setImage(null);
    img.src = src;
  }, [src]);
  return image;
}

function QrNode({ e }: { e: CertificateElement }) {
  const cells = useMemo(() => {
    const { modules } = QRCode.create(SAMPLE_VERIFY_URL, { errorCorrectionLevel: 'M' });
    const runs: { row: number; col: number; len: number }[] = [];
    for (let row = 0; row < modules.size; row++) {
      let col = 0;
      while (col < modules.size) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        const start = col;
        while (col < modules.size && modules.get(row, col)) col++;
        runs.push({ row, col: start, len: col - start });
      }
    }
    return { size: modules.size, runs };
  }, []);
  const side = Math.min(e.width, e.height);
  const cell = side / cells.size;
  return (
    <>
      <Rect width={e.width} height={e.height} fill="rgba(0,0,0,0)" />
      <Rect width={side} height={side} fill="#ffffff" />
      {cells.runs.map((r) => (
        <Rect
          key={`${r.row}-${r.col}`}
          x={r.col * cell}
          y={r.row * cell}
          width={r.len * cell}
          height={cell}
          fill={e.color}
        />
      ))}
    </>
  );
}

function ImageNode({ db, e }: { db: LocalDb; e: CertificateElement }) {
  const image = useHtmlImage(useFileUrl(db, e.image));
  return image ? (
    <KonvaImage image={image} width={e.width} height={e.height} />
  ) : (
    <Rect width={e.width} height={e.height} stroke="#94a3b8" dash={[6, 4]} fill="#f1f5f9" />
  );
}

type Props = {
  db: LocalDb;
  width: number;
  height: number;
  background: string;
  elements: CertificateElement[];
  language: CertificateLanguage;
  sample: CertificateLanguage;
  /** Pixels per canvas unit. */
  scale: number;
  selected: string | null;
  readOnly: boolean;
  onSelect: (id: string | null) => void;
  onChange: (id: string, patch: Partial<CertificateElement>) => void;
  onEditText: (id: string) => void;
  stageRef?: React.RefObject<Konva.Stage | null>;
};

/**
 * The template on a Konva stage: the background the size of the canvas, the elements on it in
 * order. Drag moves, the transformer resizes, a double-click on a text box edits its words.
 */
export function CertificateCanvas(p: Props) {
  const background = useHtmlImage(useFileUrl(p.db, p.background));
  const transformer = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Group>());
  const [guides, setGuides] = useState<Guides>({ v: null, h: null });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new or re-created element node needs the handles again
  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = p.selected ? nodes.current.get(p.selected) : undefined;
    tr.nodes(node && !p.readOnly ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [p.selected, p.readOnly, p.elements]);

  return (
    <Stage
      ref={p.stageRef}
      width={Math.round(p.width * p.scale)}
      height={Math.round(p.height * p.scale)}
      scaleX={p.scale}
      scaleY={p.scale}
      onMouseDown={(ev) => {
        if (ev.target === ev.target.getStage() || ev.target.name() === 'background') p.onSelect(null);
      }}
      onTouchStart={(ev) => {
        if (ev.target === ev.target.getStage() || ev.target.name() === 'background') p.onSelect(null);
      }}
    >
      <Layer>
        {background ? (
          <KonvaImage name="background" image={background} width={p.width} height={p.height} />
        ) : (
          <Rect name="background" width={p.width} height={p.height} fill="#ffffff" />
        )}
        {p.elements.map((e) => (
          <Group
            key={e.id}
            id={e.id}
            ref={(node) => {
              if (node) nodes.current.set(e.id, node);
              else nodes.current.delete(e.id);
            }}
            x={e.x}
            y={e.y}
            width={e.width}
            height={e.height}
            draggable={!p.readOnly}
            onMouseDown={() => p.onSelect(e.id)}
            onTap={() => p.onSelect(e.id)}
            onDblClick={() => e.kind === 'text' && p.onEditText(e.id)}
            onDblTap={() => e.kind === 'text' && p.onEditText(e.id)}
            onDragMove={(ev) => {
              const node = ev.target;
              const snapped = snapOf(
                { x: node.x(), y: node.y(), width: e.width, height: e.height },
                p.elements.filter((o) => o.id !== e.id),
                p,
              );
              node.position({ x: snapped.x, y: snapped.y });
              setGuides(snapped.guides);
            }}
            onDragEnd={(ev) => {
              setGuides({ v: null, h: null });
              p.onChange(e.id, { x: Math.round(ev.target.x()), y: Math.round(ev.target.y()) });
            }}
            onTransformEnd={(ev) => {
              const node = ev.target;
              const width = Math.max(10, Math.round(e.width * node.scaleX()));
              const height = Math.max(10, Math.round(e.height * node.scaleY()));
              node.scaleX(1);
              node.scaleY(1);
              p.onChange(e.id, { x: Math.round(node.x()), y: Math.round(node.y()), width, height });
            }}
          >
            {e.kind === 'qr' ? (
              <QrNode e={e} />
            ) : e.kind === 'image' ? (
              <ImageNode db={p.db} e={e} />
            ) : (
              <>
                <Rect width={e.width} height={e.height} fill="rgba(0,0,0,0)" />
                <Text
                  text={sampleText(e, p.language, p.sample)}
                  width={e.width}
                  fontSize={e.fontSize}
                  fontFamily={CERTIFICATE_FONTS}
                  fontStyle={e.bold ? '600' : 'normal'}
                  fill={e.color}
                  align={e.align}
                  lineHeight={LINE_HEIGHT}
                  wrap="word"
                />
              </>
            )}
          </Group>
        ))}
        {guides.v !== null && (
          <Line
            points={[guides.v, 0, guides.v, p.height]}
            stroke="#e11d48"
            strokeWidth={1 / p.scale}
            dash={[4, 4]}
          />
        )}
        {guides.h !== null && (
          <Line
            points={[0, guides.h, p.width, guides.h]}
            stroke="#e11d48"
            strokeWidth={1 / p.scale}
            dash={[4, 4]}
          />
        )}
        <Transformer
          ref={transformer}
          rotateEnabled={false}
          keepRatio={false}
          ignoreStroke
          boundBoxFunc={(old, next) => (next.width < 10 || next.height < 10 ? old : next)}
        />
      </Layer>
    </Stage>
  );
}
