import { AspectRatio, Box, Image, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { CampaignMedia } from '@reach/contract/campaigns';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { storageUrl } from '../../../lib/config';
import { isVideo } from '../utils/media-file';

/** The campaign's images and videos as thumbnails; one opens large in a dialog. */
export function MediaGallery({ media, title }: { media: CampaignMedia[]; title: string }) {
  const [open, setOpen] = useState<CampaignMedia | null>(null);
  if (!media.length) {
    return (
      <Text size="sm" c="dimmed">
        No images or videos yet.
      </Text>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {media.map((item, index) => (
          <UnstyledButton
            key={item.id}
            onClick={() => setOpen(item)}
            aria-label={`Open ${isVideo(item.mime) ? 'video' : 'image'} ${index + 1} of ${title}`}
            style={{ borderRadius: 8, overflow: 'hidden' }}
          >
            <AspectRatio ratio={1}>
              {isVideo(item.mime) ? (
                <Box pos="relative" bg="dark.7">
                  <video
                    src={storageUrl(item.url)}
                    muted
                    preload="metadata"
                    style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                  <IconPlayerPlayFilled
                    size={28}
                    aria-hidden
                    style={{ position: 'absolute', inset: 0, margin: 'auto', color: 'white' }}
                  />
                </Box>
              ) : (
                <Image src={storageUrl(item.url)} alt="" fit="cover" bg="gray.1" />
              )}
            </AspectRatio>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal opened={!!open} onClose={() => setOpen(null)} size="xl" title={title} centered>
        {open &&
          (isVideo(open.mime) ? (
            // biome-ignore lint/a11y/useMediaCaption: product clips uploaded by the business carry no captions
            <video src={storageUrl(open.url)} controls style={{ width: '100%', borderRadius: 8 }} />
          ) : (
            <Image src={storageUrl(open.url)} alt={`Image of ${title}`} radius="md" />
          ))}
      </Modal>
    </>
  );
}
