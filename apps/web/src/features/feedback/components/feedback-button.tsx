import { ActionIcon, Button, Center, Loader, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconHelp } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { MOBILE_QUERY } from '../../../lib/media';

// The form (and @mantine/form) loads when the dialog first opens.
const FeedbackForm = lazy(() => import('./feedback-form'));

/** The top bar's Help control: opens the feedback dialog of spec §2 (an icon only on mobile). */
export function FeedbackButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });

  return (
    <>
      {isMobile ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={open}
          aria-label={SPEC_TEXT.help}
          data-tour="help"
        >
          <IconHelp size={22} stroke={1.7} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconHelp size={20} stroke={1.7} aria-hidden />}
          onClick={open}
          data-tour="help"
        >
          {SPEC_TEXT.help}
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={SPEC_TEXT.feedbackTitle} centered size="lg">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <FeedbackForm onDone={close} />
        </Suspense>
      </Modal>
    </>
  );
}
