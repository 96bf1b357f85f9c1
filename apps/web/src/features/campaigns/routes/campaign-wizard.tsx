import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useCampaign } from '../api/get-campaign';
import { BriefEditor } from '../components/brief-editor';
import { CampaignWizard } from '../components/wizard/campaign-wizard';

type WizardLocationState = { wizard?: string } | null;

/**
 * /business/campaigns/new and /business/campaigns/:campaignId/edit (an active campaign gets the brief editor
 * instead of the wizard). Both paths render this module, so when the
 * first save creates the draft and the URL moves to its edit path, React keeps the same wizard (same key):
 * the step, the typed values and running uploads carry on, and a reload resumes from the saved draft.
 */
export default function CampaignWizardRoute() {
  const { campaignId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = campaignId === undefined ? null : Number(campaignId);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const load = id !== null && id !== createdId && Number.isInteger(id) && id > 0;
  const { data, error, isPending } = useCampaign(load ? id : 0, { enabled: load });

  // The wizard's identity: a new campaign keeps the key it started with after its URL changes.
  const carried = (location.state as WizardLocationState)?.wizard;
  const wizardKey = carried ?? (id === null ? `new-${location.key}` : `edit-${id}`);

  const onCreated = (newId: number) => {
    setCreatedId(newId);
    void navigate(`/business/campaigns/${newId}/edit`, { replace: true, state: { wizard: wizardKey } });
  };

  if (id !== null && !(Number.isInteger(id) && id > 0))
    return <NotEditable message="We could not find that campaign." />;
  if (load && isPending) return <PageLoader />;
  if (load && error) {
    return (
      <NotEditable
        message={
          error instanceof ApiError && error.status === 404
            ? 'We could not find that campaign.'
            : errorMessage(error)
        }
      />
    );
  }
  // A live campaign changes only its brief, in its own editor; the terms creators accepted stay locked.
  if (load && data?.status === 'active' && data.abilities.update) return <BriefEditor campaign={data} />;
  if (load && data && !(data.abilities.update && (data.status === 'draft' || data.status === 'paused'))) {
    return <NotEditable campaignId={data.id} message="This campaign can no longer be changed." />;
  }
  return <CampaignWizard key={wizardKey} initial={load ? data : undefined} onCreated={onCreated} />;
}

function NotEditable({ message, campaignId }: { message: string; campaignId?: number }) {
  return (
    <Stack gap="md" maw={560}>
      <Alert color="yellow" variant="light" role="alert" title="This campaign cannot be edited">
        {message}
      </Alert>
      <Button
        component={Link}
        to={campaignId ? `/business/campaigns/${campaignId}` : '/business/campaigns'}
        variant="default"
        w="fit-content"
      >
        {campaignId ? 'Open the campaign' : 'Back to campaigns'}
      </Button>
    </Stack>
  );
}
