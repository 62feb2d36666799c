import type { FamilyCandidate } from '@stockyard/contracts';

/** What a family candidate needs of a listing and of a product. */
interface ParentListing {
  channelId: string;
  externalParentId: string;
  productId: string;
}
export interface CandidateProduct {
  id: string;
  type: string;
  name: string;
  parentId: string | null;
  deletedAt: Date | null;
}

/**
 * Groups of SIMPLE products that one sales channel lists under the same parent listing but
 * that are not children of a FAMILY yet: each group with two or more such products, ordered
 * by channel and parent id. Products already in a family, trashed or of another type drop out.
 */
export function familyCandidates(
  listings: readonly ParentListing[],
  products: ReadonlyMap<string, CandidateProduct>,
): FamilyCandidate[] {
  const groups = new Map<string, { channelId: string; externalParentId: string; ids: Set<string> }>();
  for (const l of listings) {
    const p = products.get(l.productId);
    if (!p || p.type !== 'SIMPLE' || p.parentId !== null || p.deletedAt !== null) continue;
    const key = `${l.channelId}\n${l.externalParentId}`;
    const group = groups.get(key) ?? { channelId: l.channelId, externalParentId: l.externalParentId, ids: new Set() };
    group.ids.add(p.id);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.ids.size >= 2)
    .sort((a, b) => a.channelId.localeCompare(b.channelId) || a.externalParentId.localeCompare(b.externalParentId))
    .map((g) => {
      const productIds = [...g.ids].sort();
      return {
        channelId: g.channelId,
        externalParentId: g.externalParentId,
        productIds,
        suggestedName: suggestFamilyName(productIds.map((id) => products.get(id)!.name)),
      };
    });
}

/**
 * The words the products' names start with in common ("Trail Shoe - Red", "Trail Shoe - Blue"
 * → "Trail Shoe"), without trailing separators; the first name when they share no word.
 */
export function suggestFamilyName(names: readonly string[]): string {
  const [first, ...rest] = names;
  if (first === undefined) return '';
  const words = first.split(/\s+/).filter(Boolean);
  let shared = words.length;
  for (const name of rest) {
    const other = name.split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < shared && i < other.length && other[i]!.toLowerCase() === words[i]!.toLowerCase()) i++;
    shared = i;
  }
  const prefix = words
    .slice(0, shared)
    .join(' ')
    .replace(/[\s\-–—/|,:(]+$/u, '')
    .trim();
  return prefix || first;
}
