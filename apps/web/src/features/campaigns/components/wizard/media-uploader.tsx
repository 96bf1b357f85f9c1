import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { CampaignMedia } from '@reach/contract/campaigns';
import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_VIDEO_MAX_BYTES,
  MAX_CAMPAIGN_MEDIA,
} from '@reach/contract/constants';
import { API_MESSAGE } from '@reach/contract/messages';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconPhotoUp,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { storageUrl } from '../../../../lib/config';
import { useDeleteCampaignMedia } from '../../api/delete-campaign-media';
import { useReorderCampaignMedia } from '../../api/reorder-campaign-media';
import { useUploadCampaignMedia } from '../../api/upload-campaign-media';
import { checkMediaFile, formatBytes, isVideo, MEDIA_ACCEPT, pickMediaFiles } from '../../utils/media-file';

type Upload = {
  key: string;
  file: File;
  preview: string;
  progress: number;
  status: 'waiting' | 'uploading' | 'failed';
  error?: string;
};

let uploadSeq = 0;

/**
 * Campaign media (spec §9: at most 5, JPEG/PNG/MP4) — "Product media" on product and combination campaigns,
 * "Brief media" on cash ones: a Dropzone, one upload per file with its own progress bar, thumbnails, remove
 * and reorder. Files are checked here first (type, size, count); the API checks the
 * bytes again. Uploading needs the draft to exist: `ensureCampaign` saves it first when it does not.
 */
export function MediaUploader({
  campaignId,
  media,
  canChange,
  ensureCampaign,
  label = 'Product media',
}: {
  campaignId: number | null;
  media: CampaignMedia[];
  canChange: boolean;
  ensureCampaign: () => Promise<number | null>;
  /** The field's name: what the media show. */
  label?: 'Product media' | 'Brief media';
}) {
  const upload = useUploadCampaignMedia();
  const remove = useDeleteCampaignMedia();
  const reorder = useReorderCampaignMedia();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;

  // Object URLs of the previews are released when the component goes away.
  useEffect(
    () => () => {
      for (const u of uploadsRef.current) URL.revokeObjectURL(u.preview);
    },
    [],
  );

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const finish = (key: string) =>
    setUploads((list) => {
      const done = list.find((u) => u.key === key);
      if (done) URL.revokeObjectURL(done.preview);
      return list.filter((u) => u.key !== key);
    });

  const send = async (items: Upload[]) => {
    const id = campaignId ?? (await ensureCampaign());
    if (id === null) {
      for (const item of items)
        patch(item.key, { status: 'failed', error: 'Save the draft first, then add media.' });
      return;
    }
    // One after the other: each file shows its own progress and the 5-file limit is never raced.
    for (const item of items) {
      patch(item.key, { status: 'uploading', progress: 0, error: undefined });
      try {
        await upload.mutateAsync({
          campaignId: id,
          file: item.file,
          onProgress: (progress) => patch(item.key, { progress }),
        });
        finish(item.key);
      } catch (error) {
        patch(item.key, { status: 'failed', error: errorMessage(error) });
      }
    }
  };

  const onDrop = (files: File[]) => {
    const taken = media.length + uploads.filter((u) => u.status !== 'failed').length;
    const { accepted, problems: found } = pickMediaFiles(files, taken);
    setProblems(found);
    if (!accepted.length) return;
    const items: Upload[] = accepted.map((file) => ({
      key: `upload-${++uploadSeq}`,
      file,
      preview: URL.createObjectURL(file),
      progress: 0,
      status: 'waiting',
    }));
    setUploads((list) => [...list, ...items]);
    void send(items);
  };

  const onReject = (rejections: FileRejection[]) =>
    setProblems(
      rejections.map(({ file, errors }) => {
        const code = errors[0]?.code;
        const reason =
          code === 'file-invalid-type'
            ? API_MESSAGE.campaignMediaType
            : code === 'too-many-files'
              ? API_MESSAGE.campaignTooManyMedia
              : (checkMediaFile(file) ?? errors[0]?.message ?? API_MESSAGE.campaignMediaType);
        return `${file.name}: ${reason}`;
      }),
    );

  const removeMedia = async (item: CampaignMedia) => {
    if (campaignId === null) return;
    setProblems([]);
    try {
      await remove.mutateAsync({ campaignId, mediaId: item.id });
    } catch (error) {
      setProblems([errorMessage(error)]);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    if (campaignId === null) return;
    const ids = media.map((m) => m.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await reorder.mutateAsync({ campaignId, mediaIds: ids });
    } catch (error) {
      setProblems([errorMessage(error)]);
    }
  };

  const labelId = label === 'Product media' ? 'product-media-label' : 'brief-media-label';
  const used = media.length + uploads.filter((u) => u.status !== 'failed').length;
  const full = used >= MAX_CAMPAIGN_MEDIA;

  return (
    <Stack gap="sm" data-tour="product-media">
      <Group justify="space-between" gap="xs">
        <Input.Label id={labelId}>{label}</Input.Label>
        <Badge variant="light" color={full ? 'yellow' : 'gray'} aria-live="polite">
          {used} of {MAX_CAMPAIGN_MEDIA}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={-8}>
        Up to {MAX_CAMPAIGN_MEDIA} files: JPEG or PNG images up to {CAMPAIGN_IMAGE_MAX_BYTES / 1024 / 1024}{' '}
        MB, MP4 videos up to {CAMPAIGN_VIDEO_MAX_BYTES / 1024 / 1024} MB. The first image is the cover.
      </Text>

      {canChange && !full && (
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          accept={MEDIA_ACCEPT}
          multiple
          validator={(file) => {
            const problem = checkMediaFile(file);
            return problem ? { code: 'file-too-large', message: problem } : null;
          }}
          inputProps={{ 'aria-label': `Upload ${label.toLowerCase()}`, 'aria-describedby': labelId }}
          p="lg"
        >
          <Group justify="center" gap="md" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={40} stroke={1.5} color="var(--mantine-color-reach-6)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <Stack gap={2}>
              <Text fw={600}>Drag images or a video here, or click to choose</Text>
              <Text size="sm" c="dimmed">
                {MAX_CAMPAIGN_MEDIA - used} more {MAX_CAMPAIGN_MEDIA - used === 1 ? 'file' : 'files'} allowed
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      )}
      {!canChange && (
        <Text size="sm" c="dimmed">
          {API_MESSAGE.campaignMediaLocked}
        </Text>
      )}

      {problems.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setProblems([])}
        >
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      {(media.length > 0 || uploads.length > 0) && (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
          {media.map((item, index) => (
            <MediaTile key={item.id} url={storageUrl(item.url)} mime={item.mime} label={`Media ${index + 1}`}>
              <Text size="xs" c="dimmed" truncate>
                {index === 0 ? 'Cover · ' : ''}
                {formatBytes(item.size_bytes)}
              </Text>
              {canChange && (
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Move earlier">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Move media ${index + 1} earlier`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => void move(index, -1)}
                    >
                      <IconChevronLeft size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move later">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Move media ${index + 1} later`}
                      disabled={index === media.length - 1 || reorder.isPending}
                      onClick={() => void move(index, 1)}
                    >
                      <IconChevronRight size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove media ${index + 1}`}
                      loading={remove.isPending && remove.variables?.mediaId === item.id}
                      onClick={() => void removeMedia(item)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </MediaTile>
          ))}
          {uploads.map((item) => (
            <MediaTile key={item.key} url={item.preview} mime={item.file.type} label={item.file.name} faded>
              {item.status === 'failed' ? (
                <Stack gap={4} w="100%">
                  <Text size="xs" c="red" lineClamp={3}>
                    {item.error}
                  </Text>
                  <Group gap={2}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={`Retry ${item.file.name}`}
                      onClick={() => void send([item])}
                    >
                      <IconRefresh size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Discard ${item.file.name}`}
                      onClick={() => finish(item.key)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              ) : (
                <Stack gap={2} w="100%">
                  <Progress
                    value={item.progress}
                    size="sm"
                    animated={item.status === 'uploading'}
                    aria-label={`Uploading ${item.file.name}`}
                  />
                  <Text size="xs" c="dimmed">
                    {item.status === 'waiting' ? 'Waiting…' : `Uploading… ${item.progress}%`}
                  </Text>
                </Stack>
              )}
            </MediaTile>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function MediaTile({
  url,
  mime,
  label,
  faded = false,
  children,
}: {
  url: string;
  mime: string;
  label: string;
  faded?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={6}>
      <Stack gap={6}>
        <AspectRatio ratio={1}>
          <Box
            style={{ borderRadius: 8, overflow: 'hidden', opacity: faded ? 0.7 : 1 }}
            bg="var(--mantine-color-gray-1)"
          >
            {isVideo(mime) ? (
              <Box pos="relative" w="100%" h="100%">
                <video
                  src={url}
                  muted
                  preload="metadata"
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  aria-label={label}
                />
                <IconVideo
                  size={20}
                  aria-hidden
                  style={{ position: 'absolute', left: 6, bottom: 6, color: 'white' }}
                />
              </Box>
            ) : (
              <Image src={url} alt={label} fit="cover" h="100%" w="100%" />
            )}
          </Box>
        </AspectRatio>
        <Stack gap={2} mih={44} justify="center">
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
