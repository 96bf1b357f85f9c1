import '@mantine/dropzone/styles.css';
import { Alert, Avatar, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@reach/contract/profile';
import type { User } from '@reach/contract/user';
import { IconAlertCircle, IconPhotoUp, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { storageUrl } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, checkAvatarFile } from '../utils/avatar-file';
import { SettingsCard } from './settings-card';

/** The avatar: the uploaded image or initials; upload (drop or choose, with progress) and remove. */
export function AvatarCard({ user }: { user: User }) {
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const openRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const src = user.avatarType === 'upload' && user.avatar ? storageUrl(user.avatar) : null;
  const busy = progress !== null || remove.isPending;

  const send = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    const problem = await checkAvatarFile(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success('Your profile photo was updated.');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const reject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    setFailure(
      codes.includes('file-too-large')
        ? AVATAR_SIZE_MESSAGE
        : codes.includes('too-many-files')
          ? 'Choose one image.'
          : AVATAR_TYPE_MESSAGE,
    );
  };

  const removeAvatar = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      toast.success('Your profile photo was removed.');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <SettingsCard
      title="Profile photo"
      headingId="avatar-title"
      description="Shown on your profile, in the header and on connection cards."
    >
      <Group align="center" gap="lg" wrap="wrap">
        <Avatar
          src={src}
          name={user.name}
          color="initials"
          size={96}
          radius={96}
          alt={`Profile photo of ${user.name}`}
          role={src ? undefined : 'img'}
          aria-label={src ? undefined : `${user.name} (initials, no photo yet)`}
          style={{ flexShrink: 0 }}
        />
        <Dropzone
          onDrop={(files) => void send(files[0])}
          onReject={reject}
          accept={[...AVATAR_TYPES]}
          maxSize={AVATAR_MAX_BYTES}
          multiple={false}
          loading={false}
          disabled={busy}
          openRef={openRef}
          inputProps={{ 'aria-label': 'Upload a profile photo' }}
          style={{ flex: '1 1 240px', minWidth: 0 }}
          p="md"
        >
          <Group gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={36} stroke={1.5} color="var(--mantine-color-reach-6)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                Drag an image here or click to choose
              </Text>
              <Text size="xs" c="dimmed">
                JPEG or PNG, up to {AVATAR_MAX_BYTES / (1024 * 1024)} MB.
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Group>

      {progress !== null && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id="avatar-progress-label">
            Uploading… {progress}%
          </Text>
          <Progress value={progress} aria-labelledby="avatar-progress-label" animated striped />
        </Stack>
      )}

      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {failure}
        </Alert>
      )}

      <Group gap="sm">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => openRef.current?.()}
          loading={progress !== null}
          disabled={busy}
        >
          {src ? 'Upload new photo' : 'Upload photo'}
        </Button>
        {src && (
          <Button
            variant="default"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={removeAvatar}
            loading={remove.isPending}
            disabled={busy}
          >
            Remove photo
          </Button>
        )}
      </Group>
    </SettingsCard>
  );
}
