import { Link } from '@tanstack/react-router';
import { isAnswerEmpty, NO_ANSWER_TEXT } from './faq-filter';
import type { AnswerPart, FaqAnswer } from './faq-types';

function Part({ part }: { part: AnswerPart }) {
  if (typeof part === 'string') return <>{part}</>;
  if ('to' in part) return <Link to={part.to}>{part.text}</Link>;
  if ('settings' in part) {
    return (
      <Link to="/settings" search={{ section: part.settings }}>
        {part.text}
      </Link>
    );
  }
  return (
    <a href={part.href} target="_blank" rel="noopener noreferrer">
      {part.text}
    </a>
  );
}

export function FaqAnswerText({ answer }: { answer: FaqAnswer }) {
  if (isAnswerEmpty(answer)) return <p>{NO_ANSWER_TEXT}</p>;
  return (
    <>
      {answer.map((paragraph, index) => (
        <p key={index}>
          {paragraph.map((part, partIndex) => (
            <Part key={partIndex} part={part} />
          ))}
        </p>
      ))}
    </>
  );
}
