import type { Business, InfluencerProfile } from '@reach/contract/user';

/** One field the profile-completeness rules of spec §5 require, with the label shown to the user. */
export type ProfileRequirement = { label: string; met: boolean };

const present = (value: string | null | undefined) => !!value && value.trim() !== '';

/** Spec §5: business type, business_name, address_1, state_id (non-zero), postal_code and city. */
export function businessProfileRequirements(business: Business | null): ProfileRequirement[] {
  return [
    { label: 'Business type', met: present(business?.type) },
    { label: 'Business name', met: present(business?.business_name) },
    { label: 'Address', met: present(business?.address_1) },
    { label: 'City', met: present(business?.city) },
    { label: 'State', met: !!business?.state_id },
    { label: 'Postal code', met: present(business?.postal_code) },
  ];
}

/** Spec §5: birthdate, tags (at least one), address_1, state_id, postal_code, city and gender. */
export function influencerProfileRequirements(profile: InfluencerProfile | null): ProfileRequirement[] {
  return [
    { label: 'Birthdate', met: present(profile?.birthdate) },
    { label: 'Gender', met: present(profile?.gender) },
    { label: 'Interests', met: (profile?.tags.length ?? 0) > 0 },
    { label: 'Address', met: present(profile?.address_1) },
    { label: 'City', met: present(profile?.city) },
    { label: 'State', met: !!profile?.state_id },
    { label: 'Postal code', met: present(profile?.postal_code) },
  ];
}

export function isComplete(requirements: ProfileRequirement[]): boolean {
  return requirements.every((requirement) => requirement.met);
}

/** Share of requirements met, 0–100, rounded down. */
export function completeness(requirements: ProfileRequirement[]): number {
  const met = requirements.filter((requirement) => requirement.met).length;
  return Math.floor((met / requirements.length) * 100);
}
