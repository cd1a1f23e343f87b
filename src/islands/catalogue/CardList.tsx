import type { CardModel } from '../../shared/cards.ts';
import ItemCard from './ItemCard.tsx';

/**
 * A grid of cards as one React tree: the server renders a whole page of cards in one pass (one renderer call instead
 * of one per card), and 'more' appends with the same component.
 */
export default function CardList({
  cards,
  eager = 0,
  className = 'card-grid',
  testId,
}: {
  cards: readonly CardModel[];
  eager?: number;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId}>
      {cards.map((card, i) => (
        <ItemCard key={card.id} card={card} eager={i < eager} />
      ))}
    </div>
  );
}
