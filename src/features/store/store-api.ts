import { z } from 'zod';
import {
  type AddToLibraryRequest,
  addToLibraryAnswer,
  addToLibraryRequest,
  storeAddition,
} from '#contract/resources/store-item.ts';
import { apiPost } from '@/data/http/api';

/** The items this company took from the store: online only, kept by the query cache meanwhile. */
export const storeAdditionsKey = ['store-additions'] as const;

export const getStoreAdditions = (signal?: AbortSignal) =>
  apiPost('/v1/StoreItem/Additions', { schema: z.array(storeAddition), body: {}, signal });

/** Copies a store item into a topic; the content then arrives with the next sync pull. */
export const addToLibrary = (body: AddToLibraryRequest) =>
  apiPost('/v1/StoreItem/AddToLibrary', {
    schema: addToLibraryAnswer,
    body: addToLibraryRequest.parse(body),
  });
