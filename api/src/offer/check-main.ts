// `npm run offer:check -- <file>`: validates an offer file as `npm start` would, and says what it
// holds, or the one line that names the file and the field at fault (exit 1).
import { formatMoney } from './money';
import { loadOffer, OfferError } from './load';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run offer:check -- <offer.json>\n');
  process.exit(2);
}
try {
  const offer = loadOffer(file);
  const always = offer.items.filter((i) => i.always).length;
  const english = offer.items.filter((i) => i.en?.title).length;
  process.stdout.write(
    `${file}: valid. ${offer.company.name}, ${offer.items.length} item(s) (${always} in every proposal), ` +
      `prices in ${offer.currency} (e.g. ${formatMoney(offer.items[0]!.monthly, offer.currency)} a month), ` +
      `tax ${offer.taxName} ${offer.taxRate}, valid ${offer.validityDays} day(s); ` +
      `English titles for ${english} of ${offer.items.length} item(s) (the others show their Spanish to English-speaking visitors).\n`,
  );
} catch (err) {
  process.stderr.write(`${err instanceof OfferError ? err.message : `${file}: ${String((err as Error)?.message ?? err)}`}\n`);
  process.exit(1);
}
