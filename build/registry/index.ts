import { analyticsResources } from './analytics.ts';
import type { LinkTemplate, ResourceDef } from './define.ts';
import { eventResources } from './events.ts';
import { matchResources } from './matches.ts';
import { personnelResources } from './personnel.ts';
import { referenceResources } from './reference.ts';
import { V1_ROOT } from './root.ts';
import { statsResources } from './stats.ts';

/** The registry: every resource the build writes, the manifest lists and OPTIONS documents. */
export interface Registry {
  resources: ResourceDef[];
  /** Version roots (`/v1/`): link trees. */
  roots: Record<string, Record<string, LinkTemplate>>;
}

/** The API as it is published. */
export const REGISTRY: Registry = {
  resources: [...referenceResources, ...personnelResources, ...matchResources('clubs'), ...matchResources('national'),
    ...eventResources('clubs'), ...eventResources('national'), ...analyticsResources,
    ...statsResources('clubs'), ...statsResources('national')],
  roots: { v1: V1_ROOT },
};
