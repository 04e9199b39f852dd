/** The photo search's providers, as the settings choose them (ADR 019). */
import type { Config } from '../config.ts';
import { type CatalogueProvider, catalogueProvider } from './catalogue-provider.ts';
import type { PhotoProvider, ProviderName } from './provider.ts';
import { unsplashProvider } from './unsplash.ts';

/** The photo search's providers: the catalogue always; Unsplash when a key is set (then the default). */
export type PhotoProviders = {
  catalogue: CatalogueProvider;
  default: PhotoProvider;
  byName: Partial<Record<ProviderName, PhotoProvider>>;
};

export function photoProviders(
  config: Pick<Config, 'UNSPLASH_ACCESS_KEY' | 'UNSPLASH_API_URL'>,
): PhotoProviders {
  const catalogue = catalogueProvider();
  const unsplash = config.UNSPLASH_ACCESS_KEY
    ? unsplashProvider({ accessKey: config.UNSPLASH_ACCESS_KEY, apiUrl: config.UNSPLASH_API_URL })
    : undefined;
  return {
    catalogue,
    default: unsplash ?? catalogue,
    byName: { catalogue, ...(unsplash ? { unsplash } : {}) },
  };
}
