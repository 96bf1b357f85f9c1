import { Stack, Text } from '@mantine/core';
import { SPEC_TEXT } from '@reach/contract/messages';
import { useState } from 'react';
import { influencerProfileRequirements, isComplete } from '../../../lib/profile';
import { useCurrentUser } from '../../../lib/session/session';
import { MissingFields } from './missing-fields';
import { PromptModal } from './prompt-modal';

/** The influencer layout's incomplete-profile prompt (spec §2, §5), decided when the layout loads. */
export function InfluencerPrompts() {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(
    // lib/profile applies the same spec §5 rules as the contract's isInfluencerProfileComplete, without
    // pulling the contract's zod schemas into the first download.
    () => !isComplete(influencerProfileRequirements(user.influencer)),
  );
  const close = () => setOpened(false);
  return (
    <PromptModal
      opened={opened}
      title="Finish your profile"
      actionTo="/influencer/settings"
      onClose={close}
      onAction={close}
    >
      <Stack gap="xs">
        <Text>{SPEC_TEXT.incompleteProfile}</Text>
        <MissingFields requirements={influencerProfileRequirements(user.influencer)} />
      </Stack>
    </PromptModal>
  );
}
