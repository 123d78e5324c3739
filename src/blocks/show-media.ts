/**
 * Showing media (docs/design.md §5.2): an image, an audio clip or an embedded PDF goes natively
 * where the host's provider takes it within the result's budget, and is its marker otherwise.
 */
import type { MediaLeft } from '../providers/profiles.js';
import {
  aiSdkMediaMarker,
  audioBudgetMarker,
  audioMarker,
  audioPlaceholder,
  audioUndecodableMarker,
  documentBudgetMarker,
  documentNotPdfMarker,
  documentPlaceholder,
  imageBudgetMarker,
  imageDimensionsMarker,
  imageMalformedMarker,
  imageMismatchMarker,
  imageMissingMarker,
  imagePixelsMarker,
  imagePlaceholder,
  imagesPerRequestMarker,
  imageTooLargeMarker,
  imageTruncatedMarker,
  imageTypeNotTakenMarker,
  imageUndecodableMarker,
  imageUnsupportedMarker,
} from '../text/markers.js';
import { base64DecodedLength } from '../text/size.js';
import type { ClassifyContext } from './classify-context.js';
import { checkImage, takenImageType } from './image-check.js';
import { checkAudio, checkPdf } from './media-check.js';
import { shownMarker as marker, type ShownBlock } from './shown-block.js';

/** An embedded PDF the host's provider takes: native within its budget, else its marker. */
export function showDocument(blob: string, uri: string | undefined, media: MediaLeft): ShownBlock {
  const check = checkPdf(blob, media.documentBytes);
  if (!check.ok) {
    return check.reason === 'budget'
      ? marker(documentBudgetMarker(check.bytes, media.provider.label, media.provider.documents?.maxBytes ?? 0), 'document-budget')
      : marker(documentNotPdfMarker(check.bytes), 'document-not-pdf');
  }
  media.documentBytes -= check.bytes;
  return { kind: 'media', media: 'document', text: documentPlaceholder(uri, check.bytes), data: blob, mimeType: 'application/pdf', bytes: check.bytes };
}

/** Audio: native where the host's provider takes its type, within its budget; else its marker. */
export function showAudio(data: string, mimeType: string, ctx: ClassifyContext): ShownBlock {
  const taken = data !== '' && mimeType !== '' ? ctx.onRead?.({ as: 'media', media: 'audio', data, mimeType }) : undefined;
  if (taken !== undefined) return taken;
  const media = ctx.media;
  const type = bareMediaType(mimeType);
  if (media === undefined || media.provider.audio?.types.includes(type) !== true) return marker(audioMarker(mimeType, base64DecodedLength(data)), 'audio');
  const check = checkAudio(data, media.audioBytes);
  if (!check.ok) {
    return check.reason === 'budget'
      ? marker(audioBudgetMarker(mimeType, check.bytes, media.provider.label, media.provider.audio.maxBytes), 'audio-budget')
      : marker(audioUndecodableMarker(mimeType), 'audio-undecodable');
  }
  media.audioBytes -= check.bytes;
  return { kind: 'media', media: 'audio', text: audioPlaceholder(type, check.bytes), data, mimeType: type, bytes: check.bytes };
}

/**
 * Whether the host's provider is the AI SDK: the provider package under it may send a tool
 * output's media parts as JSON text (base64 before the model), so no image or PDF goes natively
 * and each marker says why (`aiSdkMediaMarker`). A host whose provider package converts media
 * renders for that provider's own profile and opts in with `toAiSdk(rendered, { media: true })`.
 */
export function mediaNotCarried(media: MediaLeft | undefined): boolean {
  return media?.provider.name === 'ai-sdk';
}

/** A media type lower-cased, parameters dropped: how profiles list them. */
export function bareMediaType(mimeType: string): string {
  const semicolon = mimeType.indexOf(';');
  return (semicolon < 0 ? mimeType : mimeType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * An image block: native where {@link checkImage} finds a whole image the host's provider takes
 * (`ctx.imageLimits`) within the result's budget, which it then spends; else the marker naming
 * the check it failed. An image of a type the provider takes, past the images one request may
 * carry, is its marker before anything is decoded: no work on an image refused anyway.
 */
export function showImage(data: string, mimeType: string, ctx: ClassifyContext): ShownBlock {
  if (data === '') return marker(imageMissingMarker('data', mimeType || undefined), 'image-missing-data');
  if (mimeType === '') return marker(imageMissingMarker('type', undefined), 'image-missing-type');
  const taken = ctx.onRead?.({ as: 'media', media: 'image', data, mimeType });
  if (taken !== undefined) return taken;
  const limits = ctx.imageLimits;
  const media = ctx.media;
  if (mediaNotCarried(media)) return marker(aiSdkMediaMarker('image', mimeType, base64DecodedLength(data)), 'media-not-carried');
  if (media !== undefined && media.images <= 0 && takenImageType(mimeType, limits) !== undefined) {
    const bytes = base64DecodedLength(data);
    return marker(imagesPerRequestMarker(mimeType, bytes, media.provider.label, media.provider.maxImagesPerRequest ?? 0), 'images-per-request');
  }
  const check = checkImage(data, mimeType, limits, ctx.imageBytesLeft);
  if (check.ok) {
    const { bytes, width, height } = check;
    ctx.imageBytesLeft -= bytes;
    if (media !== undefined) media.images -= 1;
    return { kind: 'image', text: imagePlaceholder(check.mimeType, bytes, width, height), data, mimeType: check.mimeType, bytes, width, height };
  }
  const { bytes } = check;
  switch (check.reason) {
    case 'image-unsupported-type':
      return marker(imageUnsupportedMarker(mimeType, bytes), check.reason);
    case 'image-type-not-taken':
      return marker(imageTypeNotTakenMarker(mimeType, bytes, media?.provider.label ?? 'this host', limits.types), check.reason);
    case 'image-too-large':
      return marker(imageTooLargeMarker(mimeType, bytes, limits.maxBytes ?? bytes), check.reason);
    case 'image-budget':
      return marker(imageBudgetMarker(mimeType, bytes, ctx.maxImageBytes), check.reason);
    case 'image-undecodable':
      return marker(imageUndecodableMarker(mimeType), check.reason);
    case 'image-mismatch':
      return marker(imageMismatchMarker(mimeType, bytes), check.reason);
    case 'image-truncated':
      return marker(imageTruncatedMarker(mimeType, bytes), check.reason);
    case 'image-malformed':
      return marker(imageMalformedMarker(mimeType, bytes), check.reason);
    case 'image-dimensions':
      return marker(imageDimensionsMarker(check.width, check.height, limits.maxDimension ?? 0, mimeType), check.reason);
    case 'image-pixels':
      return marker(imagePixelsMarker(check.width, check.height, limits.maxPixels ?? 0, mimeType), check.reason);
  }
}
