import { z } from 'zod';
import { getSite } from '@/lib/content';
import { findIntegration, integrationCatalogue, type IntegrationDefinition } from '@/lib/content/integration-catalogue';
import { listIntegrationViews } from '@/lib/integrations/connections';
import { disconnectStrava, startStravaConnection, STRAVA, syncStrava } from '@/lib/integrations/strava';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';

const KNOWN = integrationCatalogue.map((i) => i.id);

const integrationId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe(`Integration id from list_integrations: ${KNOWN.map((k) => `"${k}"`).join(', ')}`);

function known(id: string): IntegrationDefinition {
  const def = findIntegration(id);
  if (!def) {
    throw new AppError(
      'unknown_integration',
      `There is no integration "${id}". Known integrations: ${KNOWN.join(', ')}; call list_integrations to see them with their status.`,
      { details: { known: KNOWN } },
    );
  }
  return def;
}

function phoneOnly(def: IntegrationDefinition, action: string): AppError {
  return new AppError(
    'connect_in_mobile_app',
    `${def.name} is a phone health store and cannot be ${action} through MCP. ${def.howToConnect}`,
    { details: { integrationId: def.id, downloadUrl: getSite().downloadUrl } },
  );
}

const integrationOutput = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['oauth', 'phone-platform']),
  syncs: z.array(z.string()).describe('What it brings into Pacewise'),
  description: z.string(),
  howToConnect: z.string(),
  connectVia: z
    .enum(['mcp', 'mobile-app'])
    .describe(
      '"mcp": use connect_integration; "mobile-app": only a native phone app could connect it, and Pacewise has none, so it cannot be connected',
    ),
  connectable: z.boolean().describe('Whether connect_integration can connect it on this server'),
  status: z
    .enum(['available', 'connected', 'error'])
    .describe('"available": not connected; "error": connected but the last sync failed (see error)'),
  connectedAt: z.string().nullable().describe('ISO 8601'),
  lastSyncAt: z.string().nullable().describe('ISO 8601 time of the last successful import'),
  error: z.string().nullable().describe('With status "error": what failed and what to do'),
});

export const listIntegrations = defineTool({
  name: 'list_integrations',
  title: 'List integrations',
  description:
    'Every integration with its status: "connected", "error" (last import failed: read `error`) or "available", the last import time and what it syncs. ' +
    'Strava: connect_integration; Apple Health and Health Connect cannot be connected (they need a native phone app Pacewise does not have).',
  scope: 'integrations:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}).strict(),
  output: z.object({ integrations: z.array(integrationOutput) }),
  handler: async (_args, { person }) => ({ integrations: await listIntegrationViews(person.id) }),
});

export const connectIntegration = defineTool({
  name: 'connect_integration',
  title: 'Connect an integration',
  description:
    'Starts connecting "strava". Returns authorizationUrl for the person to open and approve on Strava (works once, 15 min). ' +
    'Back from Strava the browser must be signed in to Pacewise as this person (asked to sign in if not; another account is refused). ' +
    'Then list_integrations (status "connected") and sync_integration. Apple Health and Health Connect cannot be connected (the error says what to do instead).',
  scope: 'integrations:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  input: z.object({ integrationId }).strict(),
  output: z.object({
    integrationId: z.string(),
    authorizationUrl: z.string().describe('The page the person must open to authorize'),
    expiresAt: z.string().describe('ISO 8601; after this the link no longer works'),
    alreadyConnected: z.boolean().describe('True when it is connected already: authorizing again replaces the stored authorization'),
    instructions: z.string(),
  }),
  handler: async ({ integrationId: id }, { person }) => {
    const def = known(id);
    if (def.kind === 'phone-platform') throw phoneOnly(def, 'connected');
    const started = await startStravaConnection(person.id);
    return {
      integrationId: STRAVA,
      authorizationUrl: started.authorizationUrl,
      expiresAt: started.expiresAt.toISOString(),
      alreadyConnected: started.alreadyConnected,
      instructions:
        'Give the person this link to open in a browser, and ask them to press Authorize on Strava and, if asked, sign in to Pacewise with their own account. When the page says "Strava connected", call list_integrations, then sync_integration.',
    };
  },
});

export const disconnectIntegration = defineTool({
  name: 'disconnect_integration',
  title: 'Disconnect an integration',
  description:
    "Disconnects an integration: revokes Pacewise's access at the provider (Strava) and stops syncing. Imported workouts and health data are kept " +
    'unless deleteImportedData is true, which deletes them (ask the person first). Connect again later with connect_integration.',
  scope: 'integrations:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .object({
      integrationId,
      deleteImportedData: z
        .boolean()
        .default(false)
        .describe('Also delete the workouts and health records imported from it (default false: keep them)'),
    })
    .strict(),
  output: z.object({
    integrationId: z.string(),
    status: z.literal('available'),
    wasConnected: z.boolean(),
    revokedAtProvider: z.boolean().describe('Whether the provider confirmed the revocation'),
    deletedImportedData: z.object({ workouts: z.number(), healthRecords: z.number(), activities: z.number() }).nullable(),
    message: z.string(),
  }),
  handler: async ({ integrationId: id, deleteImportedData }, { person }) => {
    const def = known(id);
    if (def.kind === 'phone-platform') throw phoneOnly(def, 'disconnected');
    const result = await disconnectStrava(person.id, { deleteImportedData });
    return { ...result, status: 'available' as const };
  },
});

export const syncIntegration = defineTool({
  name: 'sync_integration',
  title: 'Import from an integration now',
  description:
    'Imports new data from a connected integration now. Strava: runs since the last import (first: 90 days) become completed run workouts, ' +
    'their heart rate workout_heart_rate records; nothing is imported twice. Returns what was imported and skipped, with reasons.',
  scope: 'integrations:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  input: z.object({ integrationId }).strict(),
  output: z.object({
    integrationId: z.string(),
    activitiesSeen: z.number().describe('Activities the provider listed in the window looked at, including ones imported before'),
    importedRuns: z.number().describe('New completed run workouts'),
    importedHeartRateRecords: z.number().describe('New workout_heart_rate records'),
    skipped: z.array(z.object({ activityId: z.string(), name: z.string(), sportType: z.string(), reason: z.string() })),
    since: z.string().describe('First day looked at (YYYY-MM-DD, UTC)'),
    lastSyncAt: z.string().describe('ISO 8601'),
    runsStoredAs: z.string().describe('Where the imported runs can be read'),
  }),
  handler: async ({ integrationId: id }, { person }) => {
    const def = known(id);
    if (def.kind === 'phone-platform') {
      throw new AppError('connect_in_mobile_app', `${def.name} cannot be synced. ${def.howToConnect}`, {
        details: { integrationId: def.id },
      });
    }
    return syncStrava(person.id);
  },
});
