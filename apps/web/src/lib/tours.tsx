import { Button } from '@mantine/core';
import {
  COMPLETED_TOURS_STORAGE_KEY,
  TOUR_AUTOSTART_DELAY_MS,
  TOUR_NAMES,
  TOUR_SCROLL_DELAY_MS,
  type TourName,
} from '@reach/contract/constants';
import { SPEC_TEXT } from '@reach/contract/messages';
import { IconRoute } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from './format';

/**
 * Guided tours (spec §4) on driver.js, which is loaded only when a tour starts. Screens register their tour's
 * steps under one of the spec's TOUR_NAMES; steps point at elements by their `data-tour` attribute.
 * Completing or cancelling a tour marks it completed in localStorage (COMPLETED_TOURS_STORAGE_KEY).
 */

export type TourStep = {
  /** Value of the `data-tour` attribute of the element to highlight; without one the step is centred. */
  target?: string;
  title: string;
  description: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

const registry = new Map<TourName, TourStep[]>();

/**
 * The tours a first-time business sees without asking (spec §2/§9 auto-start): the dashboard's on its first
 * visit, and each campaign wizard step's. They start 1 s after their page shows, unless completed (or cancelled)
 * before; the discovery tours start from their buttons only.
 */
export const AUTO_START_TOURS: readonly TourName[] = [
  'business-dashboard',
  'campaign-type-selection',
  'campaign-details',
  'campaign-product',
  'campaign-budget',
];

/** Registers (or replaces) the steps of a tour. */
export function registerTour(name: TourName, steps: TourStep[]): void {
  registry.set(name, steps);
}

function isTourName(name: string): name is TourName {
  return (TOUR_NAMES as readonly string[]).includes(name);
}

// --- Completed tours: a JSON array of names in localStorage, observable for the button labels. ---

const listeners = new Set<() => void>();

function readRaw(): string {
  try {
    return window.localStorage.getItem(COMPLETED_TOURS_STORAGE_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function readCompleted(): string[] {
  try {
    const value: unknown = JSON.parse(readRaw());
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writeCompleted(names: string[]): void {
  try {
    window.localStorage.setItem(COMPLETED_TOURS_STORAGE_KEY, JSON.stringify(names));
  } catch {
    // Storage unavailable (privacy mode): the tour just counts as not completed next time.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPLETED_TOURS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function isTourCompleted(name: string): boolean {
  return readCompleted().includes(name);
}

export function markTourCompleted(name: string): void {
  if (!isTourCompleted(name)) writeCompleted([...readCompleted(), name]);
}

/** Retaking a tour resets it (spec §4) until it is completed or cancelled again. */
export function resetTour(name: string): void {
  writeCompleted(readCompleted().filter((item) => item !== name));
}

export function useTourCompleted(name: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isTourCompleted(name),
    () => false,
  );
}

// --- Running a tour ---

let active: { name: string; tour: { destroy: () => void } } | null = null;

/** Whether an element can be highlighted: rendered and at least partly inside the viewport horizontally. */
function visible(element: Element | null): element is HTMLElement {
  if (!element) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

/**
 * Starts a registered tour. An unknown tour name only warns (spec §4). Steps whose element is not on screen
 * (e.g. the sidebar inside the closed mobile drawer) are shown centred instead.
 */
export async function startTour(name: string): Promise<void> {
  const steps = isTourName(name) ? registry.get(name) : undefined;
  if (!steps || steps.length === 0) {
    console.warn(`Unknown tour "${name}": nothing to show.`);
    return;
  }
  const [{ driver }] = await Promise.all([
    import('driver.js'),
    import('driver.js/dist/driver.css'),
    import('./tours.css'),
  ]);
  stopTour();
  // Bring the first highlighted element into view, then give the scroll TOUR_SCROLL_DELAY_MS (spec §9) to
  // settle so the popover is placed against where the element ends up.
  const first = steps[0]?.target ? document.querySelector(`[data-tour="${steps[0].target}"]`) : null;
  if (visible(first)) {
    first.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => setTimeout(resolve, TOUR_SCROLL_DELAY_MS));
  }
  const tour = driver({
    steps: steps.map((step) => {
      const element = step.target ? document.querySelector(`[data-tour="${step.target}"]`) : null;
      return {
        element: visible(element) ? element : undefined,
        popover: { title: step.title, description: step.description, side: step.side, align: 'start' },
      };
    }),
    showProgress: true,
    progressText: '{{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    popoverClass: 'reach-tour',
    stagePadding: 6,
    stageRadius: 10,
    overlayOpacity: 0.55,
    // Done, the close button, Escape and a click on the backdrop all end the tour here, and each counts as
    // completed. (onDestroyed is not enough: driver.js skips it when the tour is closed during its first
    // animation.)
    onDestroyStarted: () => {
      if (active?.tour === tour) active = null;
      markTourCompleted(name);
      tour.destroy();
    },
    onDestroyed: () => {
      if (active?.tour === tour) active = null;
    },
    // driver.js links the highlighted element to its popover with aria-haspopup/expanded/controls, which ARIA
    // allows only on interactive roles: on a plain region (a card, a form section) they are invalid (axe:
    // aria-allowed-attr, critical). The popover is a labelled dialog on its own; keep the link only where valid.
    // (A step without an element highlights driver.js's own hidden placeholder, which the hook is not given.)
    onHighlighted: () => {
      for (const element of document.querySelectorAll('.driver-active-element'))
        if (!acceptsPopupAttributes(element))
          for (const attribute of ['aria-haspopup', 'aria-expanded', 'aria-controls'])
            element.removeAttribute(attribute);
    },
  });
  active = { name, tour };
  tour.drive();
}

const POPUP_ROLES = new Set(['button', 'combobox', 'link', 'menuitem', 'tab', 'treeitem', 'gridcell', 'row']);

/** Whether ARIA allows aria-haspopup and aria-expanded on this element (an interactive one). */
function acceptsPopupAttributes(element: Element): boolean {
  const role = element.getAttribute('role');
  if (role) return POPUP_ROLES.has(role);
  return ['BUTTON', 'A', 'INPUT', 'SELECT', 'SUMMARY'].includes(element.tagName);
}

/** Ends the running tour, if any (its page unmounts, or another tour starts); that counts as cancelling it. */
export function stopTour(): void {
  if (!active) return;
  const { name, tour } = active;
  active = null;
  markTourCompleted(name);
  tour.destroy();
}

/** Whether a modal (a prompt of the layout) is open: an auto-started tour waits for it to close. */
function modalOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], .mantine-Modal-content') !== null;
}

/**
 * The tour trigger of spec §2: `label` (default 'Take Tour') until completed, then 'Retake Tour'. With
 * `autoStart` (by default for AUTO_START_TOURS) the tour starts after 1 s when it was never completed; if a
 * prompt is open then, it starts once the prompt is closed.
 */
export function TourButton({
  name,
  label = SPEC_TEXT.takeTour,
  autoStart = (AUTO_START_TOURS as readonly string[]).includes(name),
}: {
  name: string;
  label?: string;
  autoStart?: boolean;
}) {
  const completed = useTourCompleted(name);

  useEffect(() => {
    if (!autoStart || isTourCompleted(name)) return;
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;
    const attempt = () => {
      if (cancelled || isTourCompleted(name) || active) return;
      if (modalOpen()) timer = setTimeout(attempt, TOUR_AUTOSTART_DELAY_MS);
      else void startTour(name);
    };
    // After the delay, at the main thread's next idle moment: loading driver.js and placing the first step is a
    // long task on a phone (traced, issue 17), which should not land amid the page's own first renders.
    timer = setTimeout(() => whenIdle(attempt), TOUR_AUTOSTART_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [autoStart, name]);

  // Leaving the page ends its tour.
  useEffect(() => stopTour, []);

  const start = () => {
    if (completed) resetTour(name);
    void startTour(name);
  };

  return (
    <Button variant="default" leftSection={<IconRoute size={18} aria-hidden />} onClick={start}>
      {completed ? SPEC_TEXT.retakeTour : label}
    </Button>
  );
}
