import { ActionIcon, Box, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PostMedia } from '@reach/contract/posts';
import { IconChevronLeft, IconChevronRight, IconMaximize, IconPlayerPlayFilled } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { storageUrl } from '../../../lib/config';
import { MOBILE_QUERY } from '../../../lib/media';

/*
 * A post's media seen in the app, never as a raw file in a new tab: thumbnails and a gallery that open a
 * lightbox (a dialog with previous/next, the arrow keys, Escape to close and the focus back on the thumbnail),
 * and MP4 videos played in a <video controls> player.
 */

/** "Image 2 of 3 from Bella Glows's post". */
export function mediaLabel(media: PostMedia, index: number, count: number, owner: string): string {
  return `${media.type === 'video' ? 'Video' : 'Image'} ${index + 1} of ${count} from ${owner}'s post`;
}

/** The next index going `step` (±1) through `count` items, wrapping around. */
export function stepIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count;
}

/**
 * The lightbox: one medium at a time, full size (an image, or a video with its controls), with previous/next
 * buttons and ← → keys when there are several. Escape or the close button closes it; Mantine's Modal returns
 * the focus to what opened it.
 */
export function MediaLightbox({
  media,
  index,
  onIndex,
  onClose,
  owner,
  returnFocusTo,
}: {
  media: PostMedia[];
  /** The medium shown; null: closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Whose post, for the title and the alt texts. */
  owner: string;
  /** Gets the focus back once the lightbox has closed (the thumbnail that opened it). */
  returnFocusTo?: { current: HTMLElement | null };
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const opened = index !== null && media.length > 0;
  const at = Math.min(index ?? 0, Math.max(0, media.length - 1));
  const current = media[at];
  const several = media.length > 1;
  const go = (step: number) => onIndex(stepIndex(at, step, media.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    // Arrow keys move between media, except while a video's own controls (seek, volume) have the focus.
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={current ? `${current.type === 'video' ? 'Video' : 'Image'} ${at + 1} of ${media.length}` : ''}
      size="xl"
      fullScreen={isMobile}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      onKeyDown={onKeyDown}
      // Inside the review dialog Mantine would hand the focus back to what opened the dialog, not the lightbox:
      // the thumbnail that opened it gets it back here.
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
      zIndex={400}
      data-testid="media-lightbox"
    >
      {current && (
        <Stack gap="sm">
          <Box
            bg="dark.8"
            style={{
              borderRadius: 8,
              overflow: 'hidden',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              minHeight: 200,
            }}
          >
            {current.type === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: posts' videos come from creators without caption tracks
              <video
                key={current.url}
                src={storageUrl(current.url)}
                controls
                playsInline
                preload="metadata"
                aria-label={mediaLabel(current, at, media.length, owner)}
                style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }}
              />
            ) : (
              <Image
                key={current.url}
                src={storageUrl(current.url)}
                alt={mediaLabel(current, at, media.length, owner)}
                fit="contain"
                w="100%"
                h="min(70vh, 640px)"
              />
            )}
          </Box>
          {several && (
            <Group justify="space-between" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => go(-1)}
                aria-label="Previous"
                aria-keyshortcuts="ArrowLeft"
              >
                <IconChevronLeft size={20} aria-hidden />
              </ActionIcon>
              <Text size="sm" c="dimmed" aria-live="polite">
                {at + 1} / {media.length}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => go(1)}
                aria-label="Next"
                aria-keyshortcuts="ArrowRight"
              >
                <IconChevronRight size={20} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** A square preview of a medium (a video shows its first frame with a play mark). */
function Preview({ media, size }: { media: PostMedia; size: number | string }) {
  const url = storageUrl(media.url);
  return (
    <Box
      w={size}
      h={size}
      pos="relative"
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 6, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      {media.type === 'video' ? (
        <>
          <video
            src={url}
            muted
            preload="metadata"
            aria-hidden
            tabIndex={-1}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <IconPlayerPlayFilled
            size={16}
            aria-hidden
            style={{ position: 'absolute', left: 4, bottom: 4, color: 'white' }}
          />
        </>
      ) : (
        <Image src={url} alt="" w="100%" h="100%" fit="cover" />
      )}
    </Box>
  );
}

/** Small thumbnails of a post's media (lists and tables); each opens the lightbox at that medium. */
export function PostMediaThumbs({
  media,
  owner,
  size = 48,
}: {
  media: PostMedia[];
  owner: string;
  size?: number;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  if (!media.length) return null;
  return (
    <>
      <Group gap={6} wrap="wrap">
        {media.map((item, index) => {
          const label = `View ${mediaLabel(item, index, media.length, owner).replace(/^./, (c) => c.toLowerCase())}`;
          return (
            <UnstyledButton
              key={item.url}
              onClick={(event) => {
                trigger.current = event.currentTarget;
                setOpen(index);
              }}
              aria-label={label}
              title={label}
              style={{ display: 'block', lineHeight: 0, borderRadius: 6 }}
            >
              <Preview media={item} size={size} />
            </UnstyledButton>
          );
        })}
      </Group>
      <MediaLightbox
        media={media}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
        owner={owner}
        returnFocusTo={trigger}
      />
    </>
  );
}

/**
 * The review dialog's media: videos play inline in their own player; images show large, each opening the
 * lightbox (with every medium of the post, to page through).
 */
export function PostMediaGallery({
  media,
  owner,
  onLightbox,
}: {
  media: PostMedia[];
  owner: string;
  /**
   * Told when the lightbox opens and closes: a dialog around the gallery must not close on the Escape that
   * closes the lightbox (every open Mantine Modal listens for Escape on the window).
   */
  onLightbox?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const lightboxOpen = open !== null;
  useEffect(() => {
    onLightbox?.(lightboxOpen);
  }, [lightboxOpen, onLightbox]);
  const trigger = useRef<HTMLElement | null>(null);
  if (!media.length) {
    return (
      <Text size="sm" c="dimmed">
        No media was submitted with this post.
      </Text>
    );
  }
  return (
    <>
      <SimpleGrid
        cols={{ base: media.length === 1 ? 1 : 2, sm: Math.min(media.length, 3) }}
        spacing="sm"
        style={{ alignItems: 'start' }}
      >
        {media.map((item, index) => {
          const label = mediaLabel(item, index, media.length, owner);
          const url = storageUrl(item.url);
          return item.type === 'video' ? (
            <Stack key={item.url} gap={4}>
              {/* biome-ignore lint/a11y/useMediaCaption: posts' videos come from creators without caption tracks */}
              <video
                src={url}
                controls
                playsInline
                preload="metadata"
                aria-label={label}
                style={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '1',
                  objectFit: 'contain',
                  background: 'var(--mantine-color-dark-8)',
                  borderRadius: 6,
                }}
              />
              <UnstyledButton
                onClick={(event) => {
                  trigger.current = event.currentTarget;
                  setOpen(index);
                }}
                aria-label={`Open ${label.replace(/^./, (c) => c.toLowerCase())} larger`}
              >
                <Group gap={4} c="dimmed" wrap="nowrap">
                  <IconMaximize size={14} aria-hidden />
                  <Text size="xs">Larger</Text>
                </Group>
              </UnstyledButton>
            </Stack>
          ) : (
            <UnstyledButton
              key={item.url}
              onClick={(event) => {
                trigger.current = event.currentTarget;
                setOpen(index);
              }}
              aria-label={`Open ${label.replace(/^./, (c) => c.toLowerCase())} larger`}
              style={{ display: 'block', lineHeight: 0, borderRadius: 6 }}
            >
              <Box
                pos="relative"
                style={{
                  borderRadius: 6,
                  overflow: 'hidden',
                  border: '1px solid var(--mantine-color-gray-3)',
                  aspectRatio: '1',
                }}
              >
                <Image src={url} alt="" w="100%" h="100%" fit="cover" />
                <IconMaximize
                  size={18}
                  aria-hidden
                  style={{
                    position: 'absolute',
                    right: 6,
                    bottom: 6,
                    color: 'white',
                    filter: 'drop-shadow(0 0 2px rgba(0,0,0,.6))',
                  }}
                />
              </Box>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <MediaLightbox
        media={media}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
        owner={owner}
        returnFocusTo={trigger}
      />
    </>
  );
}
