import { Alert, Autocomplete, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type AdminInterest, createInterestBody } from '@reach/contract/admin-reference';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useInterestCategories } from '../api/list-interest-categories';
import { useSaveInterest } from '../api/save-interest';

type Values = { name: string; category: string };

/** Adds an interest (no `interest`) or renames / recategorises one. */
export function InterestFormModal({
  opened,
  interest,
  onClose,
}: {
  opened: boolean;
  interest: AdminInterest | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={interest ? 'Edit interest' : 'Add interest'} centered>
      {/* Mounted per opening, so the form starts from the row being edited. */}
      {opened && <InterestForm interest={interest} onDone={onClose} />}
    </Modal>
  );
}

function InterestForm({ interest, onDone }: { interest: AdminInterest | null; onDone: () => void }) {
  const save = useSaveInterest();
  const categories = useInterestCategories();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: interest?.name ?? '', category: interest?.category ?? '' },
    validate: schemaResolver(createInterestBody, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const saved = await save.mutateAsync({ ...createInterestBody.parse(values), id: interest?.id });
          toast.success(interest ? `Interest saved as “${saved.name}”.` : `Interest “${saved.name}” added.`);
          onDone();
        } catch (error) {
          setFailure(applyApiError(form, error));
        }
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          maxLength={60}
          description={
            interest && interest.campaigns + interest.influencers > 0
              ? `Renaming changes it everywhere it is used (${interest.campaigns} campaigns, ${interest.influencers} influencers).`
              : 'Unique; shown to businesses and influencers as a tag.'
          }
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Autocomplete
          label="Category"
          required
          data={categories.data ?? []}
          placeholder="Choose or type a new one"
          maxLength={60}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {interest ? 'Save' : 'Add interest'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
