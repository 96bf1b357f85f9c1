import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Input,
  Modal,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { PLATFORM_LABELS } from '@reach/contract/constants';
import {
  MAX_POST_MEDIA,
  POST_CAPTION_MAX_LENGTH,
  POST_PLATFORMS,
  type Post,
  type PostPlatform,
  resubmitPostBody,
} from '@reach/contract/posts';
import { IconPhotoUp, IconUpload, IconVideo, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSubmitPost } from '../api/submit-post';
import { checkPostFile, POST_MEDIA_ACCEPT, pickPostFiles } from '../utils/post-media';
import { PostMediaThumbs } from './post-parts';

type Chosen = { key: string; file: File; preview: string };
let chosenSeq = 0;

/** The form's fields checked with the API's own schema and messages, before anything is sent. */
function validate(values: { platform: PostPlatform; post_url: string; caption: string }) {
  const result = resubmitPostBody.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'post_url');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Submits a post for an accepted connection, or resubmits a rejected one (`post`): platform, the link to the
 * published post, the caption and up to 5 media files (JPEG/PNG/MP4, e.g. a screenshot of the post), sent
 * together with one progress bar.
 */
export function PostFormModal({
  opened,
  onClose,
  connectionId,
  campaignTitle,
  post = null,
}: {
  opened: boolean;
  onClose: () => void;
  connectionId: number;
  campaignTitle: string;
  /** The rejected post to resubmit. */
  post?: Post | null;
}) {
  const submit = useSubmitPost();
  const [files, setFiles] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const filesRef = useRef(files);
  filesRef.current = files;
  const form = useForm({
    initialValues: { platform: 'instagram' as PostPlatform, post_url: '', caption: '' },
    validate,
  });

  // Each opening starts from the post being resubmitted, or blank.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or the post changes
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      platform: post?.platform ?? 'instagram',
      post_url: post?.post_url ?? '',
      caption: post?.caption ?? '',
    });
    form.resetDirty();
    form.clearErrors();
  }, [opened, post?.id]);

  // Previews are released when the dialog goes away.
  useEffect(
    () => () => {
      for (const f of filesRef.current) URL.revokeObjectURL(f.preview);
    },
    [],
  );

  const clearFiles = () => {
    for (const f of files) URL.revokeObjectURL(f.preview);
    setFiles([]);
  };
  const close = () => {
    if (submit.isPending) return;
    clearFiles();
    setProblems([]);
    setFailure(null);
    setProgress(null);
    form.reset();
    onClose();
  };

  const onDrop = (dropped: File[]) => {
    const { accepted, problems: found } = pickPostFiles(dropped, files.length);
    setProblems(found);
    setFiles((list) => [
      ...list,
      ...accepted.map((file) => ({
        key: `post-file-${++chosenSeq}`,
        file,
        preview: URL.createObjectURL(file),
      })),
    ]);
  };
  const onReject = (rejections: FileRejection[]) =>
    setProblems(
      rejections.map(
        ({ file, errors }) => `${file.name}: ${checkPostFile(file) ?? errors[0]?.message ?? 'Not accepted.'}`,
      ),
    );
  const removeFile = (key: string) =>
    setFiles((list) => {
      const gone = list.find((f) => f.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((f) => f.key !== key);
    });

  const full = files.length >= MAX_POST_MEDIA;
  const resubmitting = post !== null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={resubmitting ? 'Resubmit your post' : 'Submit a post'}
      size="lg"
      centered
      closeOnClickOutside={!submit.isPending}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          setFailure(null);
          setProgress(0);
          try {
            await submit.mutateAsync({
              postId: post?.id ?? null,
              connectionId,
              input: { ...values, post_url: values.post_url.trim(), files: files.map((f) => f.file) },
              onProgress: setProgress,
            });
            toast.success(
              resubmitting
                ? 'Post resubmitted. The business will review it again.'
                : 'Post submitted. The business will review it.',
            );
            setProgress(null);
            clearFiles();
            form.reset();
            onClose();
          } catch (error) {
            setProgress(null);
            setFailure(applyApiError(form, error));
          }
        })}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For “{campaignTitle}”. The business reviews it; an approved post of a cash campaign is paid to
            your balance.
          </Text>
          {post?.rejection_reason && (
            <Alert color="red" variant="light" title="Why it was rejected">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {post.rejection_reason}
              </Text>
            </Alert>
          )}
          <Stack gap={4}>
            <Input.Label id="post-platform-label" required>
              Platform
            </Input.Label>
            <SegmentedControl
              aria-labelledby="post-platform-label"
              data={POST_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
              {...form.getInputProps('platform')}
            />
            {form.errors.platform && (
              <Text size="xs" c="red">
                {form.errors.platform}
              </Text>
            )}
          </Stack>
          <TextInput
            label="Post URL"
            description="The link to the published post."
            placeholder="https://www.instagram.com/p/…"
            required
            type="url"
            inputMode="url"
            data-autofocus
            {...form.getInputProps('post_url')}
          />
          <Textarea
            label="Caption"
            description="As published (optional)."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={POST_CAPTION_MAX_LENGTH}
            {...form.getInputProps('caption')}
          />

          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Input.Label id="post-media-label">Media or a screenshot</Input.Label>
              <Badge variant="light" color={full ? 'yellow' : 'gray'} aria-live="polite">
                {files.length} of {MAX_POST_MEDIA}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mt={-6}>
              Up to {MAX_POST_MEDIA} files: JPEG or PNG images up to 10 MB, MP4 videos up to 100 MB.
              {resubmitting && post.media.length > 0
                ? ' Files you add replace the current ones; add none to keep them.'
                : ''}
            </Text>
            {resubmitting && post.media.length > 0 && files.length === 0 && (
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  Current:
                </Text>
                <PostMediaThumbs post={post} size={40} />
              </Group>
            )}
            {!full && (
              <Dropzone
                onDrop={onDrop}
                onReject={onReject}
                accept={POST_MEDIA_ACCEPT}
                multiple
                disabled={submit.isPending}
                validator={(file) => {
                  const problem = checkPostFile(file);
                  return problem ? { code: 'file-invalid', message: problem } : null;
                }}
                inputProps={{ 'aria-label': 'Add post media', 'aria-describedby': 'post-media-label' }}
                p="md"
              >
                <Group justify="center" gap="md" wrap="nowrap" mih={56} style={{ pointerEvents: 'none' }}>
                  <Dropzone.Accept>
                    <IconUpload size={32} stroke={1.5} color="var(--mantine-color-reach-6)" aria-hidden />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={32} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconPhotoUp size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                  </Dropzone.Idle>
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      Drag images or a video here, or click to choose
                    </Text>
                    <Text size="xs" c="dimmed">
                      {MAX_POST_MEDIA - files.length} more allowed
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
            )}
            {problems.length > 0 && (
              <Alert
                color="red"
                variant="light"
                role="alert"
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
            {files.length > 0 && (
              <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
                {files.map((f) => (
                  <Box
                    key={f.key}
                    pos="relative"
                    bg="var(--mantine-color-gray-1)"
                    style={{ aspectRatio: '1', borderRadius: 8, overflow: 'hidden' }}
                  >
                    {f.file.type === 'video/mp4' ? (
                      <>
                        <video
                          src={f.preview}
                          muted
                          preload="metadata"
                          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                          aria-label={f.file.name}
                        />
                        <IconVideo
                          size={18}
                          aria-hidden
                          style={{ position: 'absolute', left: 4, bottom: 4, color: 'white' }}
                        />
                      </>
                    ) : (
                      <Image src={f.preview} alt={f.file.name} h="100%" w="100%" fit="cover" />
                    )}
                    <ActionIcon
                      pos="absolute"
                      top={4}
                      right={4}
                      size="sm"
                      radius="xl"
                      color="dark"
                      variant="filled"
                      aria-label={`Remove ${f.file.name}`}
                      disabled={submit.isPending}
                      onClick={() => removeFile(f.key)}
                    >
                      <IconX size={12} aria-hidden />
                    </ActionIcon>
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Stack>

          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label="Upload progress" />
              <Text size="xs" c="dimmed" aria-live="polite">
                {progress < 100 ? `Uploading… ${progress}%` : 'Saving…'}
              </Text>
            </Stack>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title="The post was not submitted">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              {resubmitting ? 'Resubmit post' : 'Submit post'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
