/**
 * Showing an embedded resource's content (docs/design.md §5.2): an MCP App's view as its marker
 * (never its source); its text, or a textual blob's text, under a header naming its uri where
 * the link rule lets it show; a PDF natively where the provider takes it; any other blob's
 * marker.
 */
import type { BlobResourceContents, TextResourceContents } from './mcp.js';
import { aiSdkMediaMarker, appMarker, embeddedBlobMarker, embeddedHeader, embeddedUnreadableMarker } from '../text/markers.js';
import { base64DecodedLength } from '../text/size.js';
import { wellFormedUpTo } from '../text/well-formed.js';
import { shownLinkUri } from '../uri/shown-link-uri.js';
import type { ClassifyContext } from './classify-context.js';
import { blobText, isAppResource } from './embedded-content.js';
import { bareMediaType, mediaNotCarried, showDocument } from './show-media.js';
import { shownMarker as marker, type ShownBlock } from './shown-block.js';

/**
 * An embedded resource's content as it arrives: the fields of MCP's text and blob contents
 * (and a `disposition` beside them), each unverified. Both generated contents types are one.
 */
export type ContentsWire = { readonly [P in keyof TextResourceContents | keyof BlobResourceContents | 'disposition']?: unknown };

/**
 * An embedded resource's content: an MCP App's view as its marker (never its source); its text,
 * or a textual blob's text, under a header naming its uri where the link rule lets it show; any
 * other blob's marker; neither, its marker.
 */
export function showEmbedded(contents: ContentsWire, ctx: ClassifyContext): ShownBlock {
  const taken = ctx.onRead?.({ as: 'embedded', contents });
  if (taken !== undefined) return taken;
  const mimeType = typeof contents.mimeType === 'string' && contents.mimeType !== '' ? contents.mimeType : undefined;
  const uri = typeof contents.uri === 'string' ? showsUri(contents.uri, ctx) : undefined;
  if (isAppResource(contents.uri, mimeType)) return marker(appMarker(uri), 'app');
  if (typeof contents.text === 'string') return { kind: 'text', text: `${embeddedHeader(uri, mimeType)}\n${wellFormedUpTo(contents.text, ctx.keepChars)}` };
  // Read once: what is checked is what is sent.
  const blob = contents.blob;
  if (typeof blob === 'string') {
    const media = ctx.media;
    if (mediaNotCarried(media) && mimeType !== undefined && bareMediaType(mimeType) === 'application/pdf') {
      return marker(aiSdkMediaMarker('document', mimeType, base64DecodedLength(blob)), 'media-not-carried');
    }
    if (media !== undefined && mimeType !== undefined && media.provider.documents?.types.includes(bareMediaType(mimeType)) === true) {
      return showDocument(blob, uri, media);
    }
    const text = blobText(blob, mimeType);
    if (text !== undefined) return { kind: 'text', text: `${embeddedHeader(uri, mimeType)}\n${text}` };
    return marker(embeddedBlobMarker(mimeType, base64DecodedLength(blob)), 'embedded-blob');
  }
  return marker(embeddedUnreadableMarker(), 'embedded-unreadable');
}

/** The uri an embedded resource's header may show (the link rule), or undefined. */
function showsUri(uri: string, ctx: ClassifyContext): string | undefined {
  if (ctx.lane !== 'tool-result') return undefined;
  const shown = shownLinkUri({ uri }, ctx.claims, ctx.now());
  return shown.shown ? shown.text : undefined;
}
