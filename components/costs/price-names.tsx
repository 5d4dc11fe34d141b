/**
 * The names of the custom price entries that priced a figure (docs/prices.md), shown beside it:
 * "demo price — not real money" on every figure the demo's price made. Names come with the usage
 * summary (`priceNames`) or from the price list for a run's model (use-named-price.ts).
 */
import "./price-names.css";

export function PriceNames({ names }: { names?: readonly string[] | null }) {
  if (!names?.length) return null;
  return (
    <>
      {names.map((name) => (
        <span
          key={name}
          className="pill price-name"
          data-testid="price-name"
          title="Priced by a custom price entry (Settings → Prices)"
        >
          {name}
        </span>
      ))}
    </>
  );
}
