import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CampaignMedia } from '@reach/contract/campaigns';
import { type CampaignFormValues, requiredToPublish } from '../../utils/campaign-form';
import { MediaUploader } from './media-uploader';
import { MoneyInput } from './money-input';

/** Step 3 (product and combination campaigns): the product influencers receive, and its media. */
export function ProductStep({
  form,
  campaignId,
  media,
  canChangeMedia,
  ensureCampaign,
}: {
  form: UseFormReturnType<CampaignFormValues>;
  campaignId: number | null;
  media: CampaignMedia[];
  canChangeMedia: boolean;
  ensureCampaign: () => Promise<number | null>;
}) {
  const required = (field: Parameters<typeof requiredToPublish>[1]) =>
    requiredToPublish(form.values.type_id, field);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Product name"
          required={required('product_name')}
          placeholder="e.g. Solstice SPF 50 sunscreen"
          data-tour="product-name"
          {...form.getInputProps('product_name')}
        />
        <MoneyInput
          label="Product amount"
          description="Retail value of what each influencer receives"
          required={required('product_amount_cents')}
          data-tour="product-amount"
          {...form.getInputProps('product_amount')}
        />
      </SimpleGrid>
      <Textarea
        label="Product description"
        required={required('product_description')}
        description="What it is, what makes it special, and what influencers should show."
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('product_description')}
      />
      <TextInput
        label="Product link"
        description="Optional: where people can learn more or buy it."
        type="url"
        placeholder="https://"
        {...form.getInputProps('product_link')}
      />
      <MediaUploader
        campaignId={campaignId}
        media={media}
        canChange={canChangeMedia}
        ensureCampaign={ensureCampaign}
      />
    </Stack>
  );
}
