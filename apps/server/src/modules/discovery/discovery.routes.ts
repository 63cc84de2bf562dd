import type { FastifyRequest } from 'fastify';
import type { SearchAnnoncesResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisplaySelectedValuesBodySchema,
  DisplaySelectedValuesResponseSchema,
  FiltersAlertTextBodySchema,
  FiltersAlertTextResponseSchema,
  FiltersDataSchema,
  HigherCategoryToggleBodySchema,
  HomeDataBodySchema,
  HomeDataResponseSchema,
  IdListResponseSchema,
  INDIVIDUAL_ROLES,
  normalizeCriteria,
  NotLinkedIdsBodySchema,
  preferredLocale,
  SavedSearchIdBodySchema,
  SearchAnnoncesBodySchema,
  SearchAnnoncesResponseSchema,
  SearchMapPointsBodySchema,
  SearchMapPointsResponseSchema,
  SortObjectsBodySchema,
  SortObjectsResponseSchema,
  SubFilterOptionListSchema,
  SubFilterOptionsBodySchema,
  TopAnnoncesBodySchema,
  TopAnnoncesResponseSchema,
} from '@app/domain';
import { sendPrepared } from '../../lib/prepared-answer';
import { cardPageBytes } from './card-json';
import type { DiscoveryService } from './discovery.service';
import type { SubFiltersService } from './sub-filters.service';

/**
 * Home, search, top announcements and the filters modal's calls (docs/product/discovery.md §7). Reads use POST
 * as the spec does (form bodies). Open to every signed-in role, except the saved-search based call.
 */
const discoveryRoutes: FastifyPluginAsyncZod<{
  discovery: DiscoveryService;
  subFilters: SubFiltersService;
}> = async (app, { discovery, subFilters }) => {
  const common = { security: [{ bearerAuth: [] }] };
  const onRequest = app.authenticate;
  const locale = (request: FastifyRequest) => preferredLocale(request.headers['accept-language']);
  const viewer = (request: FastifyRequest) => ({
    userId: request.currentUser!.userId,
    locale: locale(request),
  });

  app.post(
    '/home/getHomeData',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['home'],
        summary:
          'Home sections: close (with a position), latest, one per alert, per vehicle type, top',
        description:
          'Each section holds at most 12 cards. A position given is remembered as the last known one.',
        body: HomeDataBodySchema,
        response: { 200: HomeDataResponseSchema },
      },
    },
    // Answered as prepared JSON bytes, validated against the schema when built (a user's home is
    // kept, and compressed once while it stays): sent without the schema's serializer.
    async (request, reply) =>
      sendPrepared(request, reply, await discovery.homeJson(viewer(request), request.body)),
  );

  app.post(
    '/home/getTopAnnonces',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['home'],
        summary: 'Top announcements, 12 per page: boosted first, then reward level, views, recency',
        body: TopAnnoncesBodySchema,
        response: { 200: TopAnnoncesResponseSchema },
      },
    },
    async (request) => discovery.top(viewer(request), request.body?.offset ?? 0),
  );

  app.post(
    '/search/getSearchAnnonces',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'Searches VALIDATED announcements, 12 per page from offset',
        description:
          'Text: each word must be a word of the brand, model, finish, colour, type, city, ' +
          'department or description (case and accents ignored). Boosted announcements first in ' +
          'MOST_RECENT, MOST_VIEWED and REWARD_DESC. PROXIMITY measures from the location filter, ' +
          'else from userLatitude/userLongitude, and falls back to MOST_RECENT without either.',
        body: SearchAnnoncesBodySchema,
        response: { 200: SearchAnnoncesResponseSchema },
      },
    },
    async (request, reply) => {
      // Sent as bytes: the zod serializer cost a tenth of a search's CPU under load (bench); the
      // route tests hold every answer to the schema instead. Kept cards are written from their
      // kept JSON (card-json.ts).
      const bytes = cardPageBytes(await discovery.search(viewer(request), request.body));
      return reply
        .type('application/json; charset=utf-8')
        .send(bytes as unknown as SearchAnnoncesResponse);
    },
  );

  app.post(
    '/search/getSearchMapPoints',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'Every located match of a search for the map, up to 500, with a small card each',
        description:
          'Same filters and order as getSearchAnnonces (offset ignored). Positions are rounded ' +
          'as on cards; isCapped says more announcements match than the map received.',
        body: SearchMapPointsBodySchema,
        response: { 200: SearchMapPointsResponseSchema },
      },
    },
    async (request) => discovery.mapPoints(viewer(request), request.body),
  );

  app.post(
    '/search/getSortObjectsForRadioButtons',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'The sorts with their labels; PROXIMITY is selected when a position is sent',
        body: SortObjectsBodySchema,
        response: { 200: SortObjectsResponseSchema },
      },
    },
    async (request) =>
      discovery.sortObjects(
        locale(request),
        request.body?.userLatitude != null && request.body.userLongitude != null,
      ),
  );

  app.post(
    '/search/getSubFilterObjectsForOptions',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'Options of one filter list (models grouped under brands, finishes under models)',
        body: SubFilterOptionsBodySchema,
        response: { 200: SubFilterOptionListSchema },
      },
    },
    async (request) => subFilters.options(locale(request), request.body),
  );

  app.post(
    '/search/getIdsFromListNotLinkedToHigherFilterIds',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'Lower selections no longer linked to the higher selection (to remove)',
        body: NotLinkedIdsBodySchema,
        response: { 200: IdListResponseSchema },
      },
    },
    async (request) => subFilters.notLinked(request.body),
  );

  app.post(
    '/search/getConcernedHiddenHigherCategoryIdsToToggle',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary:
          'Group headers (brands of models, models of finishes) whose state a bulk toggle changes',
        body: HigherCategoryToggleBodySchema,
        response: { 200: IdListResponseSchema },
      },
    },
    async (request) => subFilters.higherToggle(request.body),
  );

  app.post(
    '/search/getDisplaySelectedValuesTextForObjectType',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'The label of a filter button: the selected names and their number',
        body: DisplaySelectedValuesBodySchema,
        response: { 200: DisplaySelectedValuesResponseSchema },
      },
    },
    async (request) => subFilters.displaySelected(locale(request), request.body),
  );

  app.post(
    '/search/getDisplaySelectedValuesFiltersAlert',
    {
      onRequest,
      schema: {
        ...common,
        tags: ['search'],
        summary: 'A one-line summary of the filters (the create-alert modal)',
        body: FiltersAlertTextBodySchema,
        response: { 200: FiltersAlertTextResponseSchema },
      },
    },
    async (request) => {
      const { address, ...fields } = request.body;
      return subFilters.filtersAlertText(
        locale(request),
        normalizeCriteria(fields),
        address ?? null,
      );
    },
  );

  app.post(
    '/search/getFiltersDataInitialValuesFromSavedSearch',
    {
      onRequest: app.requireRoles(INDIVIDUAL_ROLES),
      schema: {
        ...common,
        tags: ['search'],
        summary: "The filters of one of the caller's alerts (404 for any other id)",
        body: SavedSearchIdBodySchema,
        response: { 200: FiltersDataSchema },
      },
    },
    async (request) =>
      subFilters.filtersDataOfSavedSearch(
        { userId: request.currentUser!.userId },
        request.body.savedSearchId,
        locale(request),
      ),
  );
};

export default discoveryRoutes;
