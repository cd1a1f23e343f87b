import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { ReactNode } from 'react';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { ListItemNode, ListNode } from '@lexical/list';
import { LinkNode } from '@lexical/link';
import { CodeNode } from '@lexical/code-core';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { EMBED_RESOURCES, isEmbedKind, isEmbedSlug, isRichImageSrc, type EmbedKind } from '../../../shared/rich-text.ts';
import { itemRoute } from '../../../shared/routes.ts';

/** A picture in a text: `<figure><img src alt width height><figcaption?></figure>`. */
export interface ImageData {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  caption?: string;
}
type SerializedImage = Spread<ImageData, SerializedLexicalNode>;

const sizeOf = (value: string | null) => (value && /^\d{1,5}$/.test(value) ? Number(value) : undefined);

export class ImageNode extends DecoratorNode<ReactNode> {
  __data: ImageData;
  static getType() {
    return 'tessera-image';
  }
  static clone(node: ImageNode) {
    return new ImageNode(node.__data, node.__key);
  }
  constructor(data: ImageData, key?: NodeKey) {
    super(key);
    this.__data = data;
  }
  static importJSON(json: Record<string, unknown>) {
    return $createImageNode(json as unknown as ImageData);
  }
  exportJSON(): SerializedImage {
    return { ...super.exportJSON(), ...this.__data };
  }
  static importDOM(): DOMConversionMap {
    return {
      figure: (figure) => {
        const img = figure.querySelector('img');
        if (!img || figure.hasAttribute('data-embed') || !isRichImageSrc(img.getAttribute('src') ?? '')) return null;
        return { priority: 1, conversion: () => ({ node: $createImageNode(imageData(img, figure.querySelector('figcaption')?.textContent)) }) };
      },
      // A picture from elsewhere (a word processor's local file, a plain http address) is not kept: left out at once.
      img: (img) => ({
        priority: 0,
        conversion: () => ({ node: isRichImageSrc(img.getAttribute('src') ?? '') ? $createImageNode(imageData(img as HTMLImageElement)) : null }),
      }),
    };
  }
  exportDOM(): DOMExportOutput {
    const figure = document.createElement('figure');
    const img = document.createElement('img');
    const { src, alt, width, height, caption } = this.__data;
    img.setAttribute('src', src);
    img.setAttribute('alt', alt);
    if (width) img.setAttribute('width', String(width));
    if (height) img.setAttribute('height', String(height));
    figure.append(img);
    if (caption) {
      const figcaption = document.createElement('figcaption');
      figcaption.textContent = caption;
      figure.append(figcaption);
    }
    return { element: figure };
  }
  createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'rte-block';
    return div;
  }
  updateDOM() {
    return false;
  }
  isInline() {
    return false;
  }
  getTextContent() {
    return this.__data.caption ?? '';
  }
  decorate(): ReactNode {
    const { src, alt, width, height, caption } = this.__data;
    return (
      <figure className="rte-figure">
        <img src={src} alt={alt} width={width} height={height} />
        {caption && <figcaption>{caption}</figcaption>}
      </figure>
    );
  }
}

function imageData(img: HTMLImageElement, caption?: string | null): ImageData {
  const width = sizeOf(img.getAttribute('width'));
  const height = sizeOf(img.getAttribute('height'));
  return {
    src: img.getAttribute('src') ?? '',
    alt: img.getAttribute('alt') ?? '',
    ...(width ? { width } : {}),
    ...(height ? { height } : {}),
    ...(caption?.trim() ? { caption: caption.trim() } : {}),
  };
}

export const $createImageNode = (data: ImageData) => $applyNodeReplacement(new ImageNode(data));
export const $isImageNode = (node: LexicalNode | null | undefined): node is ImageNode => node instanceof ImageNode;

/**
 * One of the site's videos, galleries or products shown as its card: stored as `<figure data-embed data-slug>` around
 * a link to it (what a feed or a reader without the site's styles sees); the public page draws the card.
 */
export interface EmbedData {
  kind: EmbedKind;
  slug: string;
  title: string;
}
type SerializedEmbed = Spread<EmbedData, SerializedLexicalNode>;

export class EmbedNode extends DecoratorNode<ReactNode> {
  __data: EmbedData;
  static getType() {
    return 'tessera-embed';
  }
  static clone(node: EmbedNode) {
    return new EmbedNode(node.__data, node.__key);
  }
  constructor(data: EmbedData, key?: NodeKey) {
    super(key);
    this.__data = data;
  }
  static importJSON(json: Record<string, unknown>) {
    return $createEmbedNode(json as unknown as EmbedData);
  }
  exportJSON(): SerializedEmbed {
    return { ...super.exportJSON(), ...this.__data };
  }
  static importDOM(): DOMConversionMap {
    return {
      figure: (figure) => {
        const [kind, slug] = [figure.getAttribute('data-embed'), figure.getAttribute('data-slug')];
        if (!isEmbedKind(kind) || !isEmbedSlug(slug)) return null;
        const title = figure.textContent?.trim() || slug;
        return { priority: 2, conversion: () => ({ node: $createEmbedNode({ kind, slug, title }) }) };
      },
    };
  }
  exportDOM(): DOMExportOutput {
    const figure = document.createElement('figure');
    figure.setAttribute('data-embed', this.__data.kind);
    figure.setAttribute('data-slug', this.__data.slug);
    const a = document.createElement('a');
    a.setAttribute('href', itemRoute(this.__data.kind, this.__data.slug));
    a.textContent = this.__data.title;
    figure.append(a);
    return { element: figure };
  }
  createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'rte-block';
    return div;
  }
  updateDOM() {
    return false;
  }
  isInline() {
    return false;
  }
  getTextContent() {
    return this.__data.title;
  }
  decorate(): ReactNode {
    const { kind, title } = this.__data;
    return (
      <div className="rte-embed" data-embed={kind}>
        <span className="chip">{EMBED_WORDS[kind]}</span> <strong>{title}</strong>
      </div>
    );
  }
}

export const EMBED_WORDS: Record<EmbedKind, string> = { video: 'Video', gallery: 'Gallery', product: 'Product' };
export { EMBED_RESOURCES };
export const $createEmbedNode = (data: EmbedData) => $applyNodeReplacement(new EmbedNode(data));

/** Every node the editor knows: what it can open, write and paste. */
export const RICH_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, CodeNode, HorizontalRuleNode, ImageNode, EmbedNode];
