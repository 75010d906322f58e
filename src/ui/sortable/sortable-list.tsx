import { Box, HStack, IconButton, Stack } from '@chakra-ui/react';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StrokeIcon } from '@/ui/icons';

type Handle = { dragHandle: ReactNode; dragging: boolean };

type Props = {
  ids: readonly string[];
  /** The list's accessible name ("Questions of section 1"). */
  label: string;
  /** An item's name for the announcements ("question 2"). */
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  /** Without it nothing can be dragged (read-only). */
  enabled?: boolean;
  children: (id: string, index: number, handle: Handle) => ReactNode;
  testId?: string;
};

/**
 * A vertical list reordered by dragging a handle (mouse, touch, or keyboard: Space or Enter to
 * pick up, arrows to move, Space to drop, Escape to cancel), announced in the admin's language.
 * Each list has its own context, so lists nest (sections > questions > options). Explicit move
 * buttons (MoveButtons) do the same in one press.
 */
export function SortableList({ ids, label, nameOf, onMove, enabled = true, children, testId }: Props) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up ${nameOf(String(active.id))}.`,
    onDragOver: ({ active, over }) =>
      over
        ? t`${nameOf(String(active.id))} is now at position ${position(over.id)} of ${ids.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t`${nameOf(String(active.id))} was dropped at position ${position(over.id)} of ${ids.length}.`
        : t`${nameOf(String(active.id))} was dropped.`,
    onDragCancel: ({ active }) => t`Moving ${nameOf(String(active.id))} was cancelled.`,
  };
  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To move an item, press Space or Enter, use the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy} disabled={!enabled}>
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label={label} data-testid={testId}>
          {ids.map((id, index) => (
            <SortableItem key={id} id={id} name={nameOf(id)} enabled={enabled}>
              {(handle) => children(id, index, handle)}
            </SortableItem>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

const GripIcon = () => <StrokeIcon path="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" />;

function SortableItem(props: {
  id: string;
  name: string;
  enabled: boolean;
  children: (handle: Handle) => ReactNode;
}) {
  const { t } = useLingui();
  const { id, name, enabled, children } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const dragHandle = enabled ? (
    <IconButton
      ref={setActivatorNodeRef}
      size={{ base: 'md', md: 'sm' }}
      variant="ghost"
      cursor="grab"
      touchAction="none"
      {...attributes}
      {...listeners}
      aria-label={t`Drag ${name} to reorder`}
    >
      <GripIcon />
    </IconButton>
  ) : null;
  return (
    <Box
      as="li"
      ref={setNodeRef}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      opacity={isDragging ? 0.85 : undefined}
      style={{ transform: DndCss.Translate.toString(transform), transition }}
    >
      {children({ dragHandle, dragging: isDragging })}
    </Box>
  );
}

/**
 * Up and down in one press each, for keyboards and screen readers; the focus stays on the moved
 * item's button (or its other one at either end), found by `data-move-of`.
 */
export function MoveButtons(props: {
  id: string;
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useLingui();
  const { id, index, count, name, onMove } = props;
  const move = (delta: -1 | 1) => {
    onMove(index, index + delta);
    const dir = delta < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-move-of="${CSS.escape(id)}"]`);
      const same = [...buttons].find((b) => b.dataset.move === dir && !b.disabled);
      (same ?? [...buttons].find((b) => !b.disabled))?.focus();
    });
  };
  return (
    <HStack gap="0">
      <IconButton
        size={{ base: 'md', md: 'sm' }}
        variant="ghost"
        aria-label={t`Move ${name} up`}
        disabled={index === 0}
        data-move="up"
        data-move-of={id}
        onClick={() => move(-1)}
      >
        <StrokeIcon path="M12 19V5M5 12l7-7 7 7" />
      </IconButton>
      <IconButton
        size={{ base: 'md', md: 'sm' }}
        variant="ghost"
        aria-label={t`Move ${name} down`}
        disabled={index === count - 1}
        data-move="down"
        data-move-of={id}
        onClick={() => move(1)}
      >
        <StrokeIcon path="M12 5v14M19 12l-7 7-7-7" />
      </IconButton>
    </HStack>
  );
}
