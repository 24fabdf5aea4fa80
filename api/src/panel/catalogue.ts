// The active offer as the owner reads it, and 'Probar': what the proposal's own matcher would
// choose for a visitor's words, why, and what it would cost. The same functions the proposal uses.
import type { PanelCatalogue, PanelCatalogueItem, PanelCatalogueTry, PanelTaxed } from '@helena/contract';
import type { Offer, OfferItem } from '../offer/schema';
import { chooseItems } from '../offer/match';
import { taxedTotal, toDecimal, type Taxed } from '../offer/money';

const unitsOf = (amount: number, currency: string): number => Number(toDecimal(amount, currency));

function itemOf(item: OfferItem, currency: string): PanelCatalogueItem {
  return { id: item.id, title: item.title, setup: unitsOf(item.setup, currency), monthly: unitsOf(item.monthly, currency), keywords: item.keywords, always: item.always };
}

const taxedOf = (t: Taxed, currency: string): PanelTaxed => ({ net: unitsOf(t.net, currency), tax: unitsOf(t.tax, currency), gross: unitsOf(t.gross, currency) });

export function catalogueOf(offer: Offer): PanelCatalogue {
  return { company: offer.company.name, currency: offer.currency, taxName: offer.taxName, taxRate: offer.taxRate, items: offer.items.map((i) => itemOf(i, offer.currency)) };
}

/** `text` as a visitor's lines (one a line, as they would have said them), through the matcher. */
export function tryCatalogue(offer: Offer, text: string): PanelCatalogueTry {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const choice = chooseItems(offer, lines);
  const chosen = choice.items.map((c) => c.item);
  return {
    items: choice.items.map((c) => ({ ...itemOf(c.item, offer.currency), because: c.matches.map((m) => ({ said: m.said, quote: m.quote })) })),
    totals: {
      setup: taxedOf(taxedTotal(chosen.map((i) => i.setup), offer.taxRate), offer.currency),
      monthly: taxedOf(taxedTotal(chosen.map((i) => i.monthly), offer.taxRate), offer.currency),
    },
    matchedNeeds: choice.matchedNeeds,
  };
}
