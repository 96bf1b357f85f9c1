import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { GENDER_LABELS, GENDERS, PLATFORM_LABELS, type Platform } from '@reach/contract/constants';
import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BUCKETS,
  DISCOVERY_INTERESTS,
  DISCOVERY_MAX_IDS,
  DISCOVERY_MAX_TEXT_LENGTH,
  DISCOVERY_MAX_TEXT_TAGS,
  DISCOVERY_SEARCH_COST,
  DISCOVERY_SORT_FIELDS,
  DISCOVERY_SORT_LABELS,
  type DiscoverySortField,
} from '@reach/contract/discovery';
import { IconAdjustments, IconAt, IconBulb, IconSearch } from '@tabler/icons-react';
import { TourButton } from '../../../lib/tours';
import {
  AGE_STEPS,
  advancedCount,
  CREDIBILITY_STEPS,
  ENGAGEMENT_STEPS,
  FOLLOWER_STEPS,
  filterProblems,
  hasOneCity,
  LAST_POSTED_STEPS,
  locationScopeLine,
  RADIUS_STEPS,
  type SearchFilters,
} from '../utils/search-filters';
import { AccuracySlider } from './accuracy-slider';
import { LanguagePicker } from './language-picker';
import { LocationPicker } from './location-picker';

/** Spec §3: searchable platforms in this order. */
const SEARCHABLE_PLATFORMS: Platform[] = ['instagram', 'tiktok', 'youtube'];

const followerLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1_000}K`);
const options = (values: readonly number[], label: (n: number) => string) =>
  values.map((v) => ({ value: String(v), label: label(v) }));
const toNumber = (value: string | null) => (value ? Number(value) : null);

const SORT_OPTIONS = DISCOVERY_SORT_FIELDS.filter((f) => f !== 'relevance').flatMap((field) => [
  { value: `${field}:desc`, label: `${DISCOVERY_SORT_LABELS[field]} (highest)` },
  { value: `${field}:asc`, label: `${DISCOVERY_SORT_LABELS[field]} (lowest)` },
]);

/** Spec §5 "Search advice", shown as advice (not enforced). */
export function SearchAdvice() {
  return (
    <Alert
      variant="light"
      color="blue"
      p="xs"
      icon={<IconBulb size={16} aria-hidden />}
      title="Search advice"
    >
      <Text size="xs">
        Search one keyword at a time. For a location, type it, press Enter to confirm, then pick it from the
        list.
      </Text>
    </Alert>
  );
}

/**
 * The filter panel: the main filters, then Advanced filters (influencer details, account, and the audience's
 * location, gender, age and language with the accuracy slider, and its credibility). Edits stay in the form
 * until Search is pressed.
 */
export function FilterPanel({
  filters,
  onChange,
  onSearch,
  onReset,
  advancedOpen,
  onToggleAdvanced,
  searching,
}: {
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
  onSearch: () => void;
  onReset: () => void;
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  searching: boolean;
}) {
  const f = filters;
  const problems = filterProblems(f);
  const advanced = advancedCount(f);
  const oneCity = hasOneCity(f.locations);
  const lookalike = f.lookalike.trim() !== '';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      aria-label="Search filters"
    >
      <Stack gap="md" data-tour="discovery-filters">
        <Stack gap={6}>
          <Text size="sm" fw={500} id="discovery-platform-label">
            Platform
          </Text>
          <SegmentedControl
            aria-labelledby="discovery-platform-label"
            fullWidth
            data={SEARCHABLE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
            value={f.platform}
            onChange={(value) => onChange({ platform: value as Platform })}
          />
        </Stack>

        <LocationPicker
          label="Location"
          platform={f.platform}
          picked={f.locations}
          max={DISCOVERY_MAX_IDS}
          emptyLabel="Anywhere"
          tour="discovery-location"
          onPick={(l) =>
            onChange({
              locations: [
                ...f.locations,
                {
                  id: l.id,
                  name: l.title || l.name,
                  type: l.type,
                  ...(l.country_id ? { country_id: l.country_id } : {}),
                  ...(l.state_id ? { state_id: l.state_id } : {}),
                },
              ],
              radius: null,
            })
          }
          onRemove={(id) => onChange({ locations: f.locations.filter((l) => l.id !== id), radius: null })}
        />
        {f.locations.length > 1 && (
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="location-scope">
            {locationScopeLine(f.locations)}
          </Text>
        )}
        {oneCity && (
          <Select
            label="Radius"
            description="Around the city, in miles"
            placeholder="The city only"
            data={options(RADIUS_STEPS, (r) => `${r} miles`)}
            value={f.radius ? String(f.radius) : null}
            onChange={(v) => onChange({ radius: toNumber(v) })}
            clearable
          />
        )}

        <SimpleGrid cols={2} spacing="xs">
          <Select
            label="Followers from"
            placeholder="Any"
            data={options(FOLLOWER_STEPS, followerLabel)}
            value={f.followersMin !== null ? String(f.followersMin) : null}
            onChange={(v) => onChange({ followersMin: toNumber(v) })}
            clearable
            error={problems.followers}
          />
          <Select
            label="Followers to"
            placeholder="Any"
            data={options(FOLLOWER_STEPS, followerLabel)}
            value={f.followersMax !== null ? String(f.followersMax) : null}
            onChange={(v) => onChange({ followersMax: toNumber(v) })}
            clearable
            error={problems.followers ? ' ' : undefined}
          />
        </SimpleGrid>
        <Select
          label="Engagement rate"
          placeholder="Any"
          data={options(ENGAGEMENT_STEPS, (n) => `At least ${n}%`)}
          value={f.engagementRate !== null ? String(f.engagementRate) : null}
          onChange={(v) => onChange({ engagementRate: toNumber(v) })}
          clearable
        />
        <LanguagePicker
          label="Language"
          platform={f.platform}
          value={f.language}
          onChange={(language) => onChange({ language })}
        />
        <Select
          label="Gender"
          placeholder="Any gender"
          data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          value={f.gender}
          onChange={(v) => onChange({ gender: (v as SearchFilters['gender']) ?? null })}
          clearable
        />
        <SimpleGrid cols={2} spacing="xs">
          <Select
            label="Age from"
            placeholder="Any"
            data={options(AGE_STEPS, String)}
            value={f.ageMin !== null ? String(f.ageMin) : null}
            onChange={(v) => onChange({ ageMin: toNumber(v) })}
            clearable
            error={problems.age}
          />
          <Select
            label="Age to"
            placeholder="Any"
            data={options(AGE_STEPS, String)}
            value={f.ageMax !== null ? String(f.ageMax) : null}
            onChange={(v) => onChange({ ageMax: toNumber(v) })}
            clearable
            error={problems.age ? ' ' : undefined}
          />
        </SimpleGrid>
        <MultiSelect
          label="Interests"
          placeholder={f.interests.length ? undefined : 'Any interest'}
          data={DISCOVERY_INTERESTS.map((i) => ({ value: String(i.id), label: i.name }))}
          value={f.interests.map(String)}
          onChange={(values) => onChange({ interests: values.map(Number) })}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Similar to"
          description="Rank by similarity to one influencer"
          placeholder="@username"
          leftSection={<IconAt size={16} aria-hidden />}
          value={f.lookalike.replace(/^@+/, '')}
          onChange={(event) => onChange({ lookalike: event.currentTarget.value.replace(/^@+/, '') })}
          maxLength={64}
          data-tour="discovery-lookalike"
        />
        <Select
          label="Sort by"
          data={lookalike ? [{ value: 'relevance', label: 'Similarity' }] : SORT_OPTIONS}
          value={lookalike ? 'relevance' : `${f.sortField}:${f.sortDirection}`}
          onChange={(value) => {
            const [field, direction] = (value ?? 'followers:desc').split(':');
            onChange({
              sortField: field as DiscoverySortField,
              sortDirection: direction === 'asc' ? 'asc' : 'desc',
            });
          }}
          allowDeselect={false}
          disabled={lookalike}
        />

        <Divider />
        <Group justify="space-between" gap="xs" data-tour="discovery-advanced">
          <Button
            variant="subtle"
            px={0}
            leftSection={<IconAdjustments size={16} aria-hidden />}
            onClick={onToggleAdvanced}
            aria-expanded={advancedOpen}
            rightSection={advanced > 0 ? <Badge size="sm">{advanced}</Badge> : null}
          >
            Advanced filters
          </Button>
          {advancedOpen && <TourButton name="advanced-filters" />}
        </Group>
        <Collapse expanded={advancedOpen}>
          <AdvancedFilters filters={f} onChange={onChange} tagsProblem={problems.tags} />
        </Collapse>

        <SearchAdvice />
        <Group gap="xs" wrap="nowrap" data-tour="discovery-submit">
          <Button
            type="submit"
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={searching}
            disabled={Object.keys(problems).length > 0}
            style={{ flex: 1 }}
          >
            Search ({DISCOVERY_SEARCH_COST} credit a page)
          </Button>
          <Button variant="default" onClick={onReset}>
            Reset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AdvancedFilters({
  filters: f,
  onChange,
  tagsProblem,
}: {
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
  tagsProblem?: string;
}) {
  return (
    <Stack gap="md" pt="xs">
      <Stack gap="sm" data-tour="advanced-influencer">
        <Title order={3} fz="sm">
          Influencer
        </Title>
        <Select
          label="Last posted"
          placeholder="Any time"
          data={options(LAST_POSTED_STEPS, (d) => `Within ${d} days`)}
          value={f.lastPosted !== null ? String(f.lastPosted) : null}
          onChange={(v) => onChange({ lastPosted: toNumber(v) })}
          clearable
        />
        <TextInput
          label="Bio words"
          description="One keyword at a time"
          placeholder="e.g. vegan"
          value={f.bio}
          maxLength={DISCOVERY_MAX_TEXT_LENGTH}
          onChange={(event) => onChange({ bio: event.currentTarget.value })}
        />
        <TextInput
          label="Caption keywords"
          description="One keyword at a time"
          placeholder="e.g. skincare"
          value={f.keywords}
          maxLength={DISCOVERY_MAX_TEXT_LENGTH}
          onChange={(event) => onChange({ keywords: event.currentTarget.value })}
        />
        <TagsInput
          label="Hashtags"
          description="Press Enter after each one"
          placeholder={f.hashtags.length ? undefined : '#glowup'}
          value={f.hashtags}
          onChange={(values) => onChange({ hashtags: clean(values, '#') })}
          maxTags={DISCOVERY_MAX_TEXT_TAGS}
          error={tagsProblem}
          clearable
        />
        <TagsInput
          label="Mentions"
          description="Press Enter after each one"
          placeholder={f.mentions.length ? undefined : '@brand'}
          value={f.mentions}
          onChange={(values) => onChange({ mentions: clean(values, '@') })}
          maxTags={DISCOVERY_MAX_TEXT_TAGS}
          clearable
        />
      </Stack>
      <Stack gap="sm" data-tour="advanced-account">
        <Title order={3} fz="sm">
          Account
        </Title>
        <Checkbox
          label="Has contact details"
          checked={f.hasContactDetails}
          onChange={(event) => onChange({ hasContactDetails: event.currentTarget.checked })}
        />
        <Checkbox
          label="Verified accounts only"
          checked={f.verified}
          onChange={(event) => onChange({ verified: event.currentTarget.checked })}
        />
        <MultiSelect
          label="Account type"
          placeholder={f.accountTypes.length ? undefined : 'Any type'}
          data={ACCOUNT_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
          value={f.accountTypes.map(String)}
          onChange={(values) => onChange({ accountTypes: values.map(Number) })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
      <Stack gap="sm" data-tour="advanced-audience">
        <Title order={3} fz="sm">
          Audience
        </Title>
        <LocationPicker
          label="Audience location"
          platform={f.platform}
          picked={f.audienceLocations}
          max={DISCOVERY_MAX_IDS}
          onPick={(l) =>
            onChange({ audienceLocations: [...f.audienceLocations, { id: l.id, name: l.title || l.name }] })
          }
          onRemove={(id) => onChange({ audienceLocations: f.audienceLocations.filter((l) => l.id !== id) })}
        />
        <AccuracySlider
          label="Audience location"
          value={f.audienceLocationAccuracy}
          onChange={(audienceLocationAccuracy) => onChange({ audienceLocationAccuracy })}
          disabled={f.audienceLocations.length === 0}
        />
        <Select
          label="Audience gender"
          placeholder="Any"
          data={[
            { value: 'FEMALE', label: GENDER_LABELS.FEMALE },
            { value: 'MALE', label: GENDER_LABELS.MALE },
          ]}
          value={f.audienceGender}
          onChange={(v) => onChange({ audienceGender: (v as SearchFilters['audienceGender']) ?? null })}
          clearable
        />
        <AccuracySlider
          label="Audience gender"
          value={f.audienceGenderAccuracy}
          onChange={(audienceGenderAccuracy) => onChange({ audienceGenderAccuracy })}
          disabled={!f.audienceGender}
        />
        <MultiSelect
          label="Audience age"
          placeholder={f.audienceAges.length ? undefined : 'Any age'}
          data={AUDIENCE_AGE_BUCKETS.map((b) => ({
            value: b,
            label: b.endsWith('-') ? `${b.slice(0, -1)}+` : b,
          }))}
          value={f.audienceAges}
          onChange={(values) =>
            onChange({ audienceAges: AUDIENCE_AGE_BUCKETS.filter((b) => values.includes(b)) })
          }
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <AccuracySlider
          label="Audience age"
          value={f.audienceAgeAccuracy}
          onChange={(audienceAgeAccuracy) => onChange({ audienceAgeAccuracy })}
          disabled={f.audienceAges.length === 0}
        />
        <LanguagePicker
          label="Audience language"
          platform={f.platform}
          value={f.audienceLanguage}
          onChange={(audienceLanguage) => onChange({ audienceLanguage })}
        />
        <AccuracySlider
          label="Audience language"
          value={f.audienceLanguageAccuracy}
          onChange={(audienceLanguageAccuracy) => onChange({ audienceLanguageAccuracy })}
          disabled={!f.audienceLanguage}
        />
      </Stack>
      <Select
        label="Audience credibility"
        description="Followers who look like real, active people"
        placeholder="Any"
        data={options(CREDIBILITY_STEPS, (n) => `At least ${n}%`)}
        value={f.credibility !== null ? String(f.credibility) : null}
        onChange={(v) => onChange({ credibility: toNumber(v) })}
        clearable
        data-tour="advanced-credibility"
      />
    </Stack>
  );
}

/** Tags without their leading # or @, trimmed, without duplicates. */
function clean(values: string[], prefix: string): string[] {
  return [...new Set(values.map((v) => v.trim().replace(new RegExp(`^\\${prefix}+`), '')).filter(Boolean))];
}
