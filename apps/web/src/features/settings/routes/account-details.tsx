import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { businessProfileRequirements, influencerProfileRequirements } from '../../../lib/profile';
import { useCurrentUser } from '../../../lib/session/session';
import { AvatarCard } from '../components/avatar-card';
import { BUSINESS_FIELD_IDS, BusinessProfileForm } from '../components/business-profile-form';
import { INFLUENCER_FIELD_IDS, InfluencerProfileForm } from '../components/influencer-profile-form';
import { InstagramConnectionCard } from '../components/instagram-connection-card';
import { NamesCard } from '../components/names-card';
import { ProfileCompleteness } from '../components/profile-completeness';

const LABELS = { 'Postal code': 'ZIP code', Address: 'Street address' };

/**
 * /business/settings and /influencer/settings: how complete the saved profile is (spec §5) first — this is where
 * the incomplete-profile prompt leads —, then the photo, the names and the role's profile form.
 */
export default function AccountDetailsRoute() {
  const user = useCurrentUser();
  const business = user.type === 'business';
  return (
    <div>
      <PageHeader
        title="Account Details"
        description={
          business
            ? 'Your photo, your name and your business profile.'
            : 'Your photo, your name and the profile businesses see.'
        }
      />
      <Stack gap="lg">
        {user.type !== 'admin' && (
          <ProfileCompleteness
            requirements={
              business
                ? businessProfileRequirements(user.business)
                : influencerProfileRequirements(user.influencer)
            }
            fieldIds={business ? BUSINESS_FIELD_IDS : INFLUENCER_FIELD_IDS}
            labels={LABELS}
          />
        )}
        <AvatarCard user={user} />
        <NamesCard type={user.type} />
        {user.type === 'business' && <BusinessProfileForm user={user} />}
        {user.type === 'influencer' && <InfluencerProfileForm user={user} />}
        {user.type === 'influencer' && <InstagramConnectionCard />}
      </Stack>
    </div>
  );
}
