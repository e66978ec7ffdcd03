import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An issuer, client id or similar identifier in monospace that wraps only between its parts (after
 * '://' and '/', ':', '-', '_', before '.'), never inside a word as `overflow-wrap: anywhere` does in a table
 * cell ("https://ca nvas.instr ucture.co m"). The full value is also its tooltip.
 */
export function BreakableValue({
  value,
  testId,
  inTable = false,
  size = 'xs',
}: {
  value: string;
  testId?: string;
  size?: 'xs' | 'sm';
  /** In a table cell: no break inside a part at all (the column grows; the table scrolls instead). */
  inTable?: boolean;
}) {
  // after '://' (not inside it), after any other '/', after ':', '-' and '_', before '.'
  const parts = value.split(/(?<=:\/\/)|(?<=[^:/]\/)|(?<=:)(?!\/)|(?<=[-_])|(?=\.)/);
  return (
    <Text
      component="span"
      size={size}
      ff="monospace"
      title={value}
      data-testid={testId}
      style={{ wordBreak: 'normal', overflowWrap: inTable ? 'break-word' : 'anywhere' }}
    >
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * A refusal's reason in words (ltiTool.reasons, the texts of the launch error page); a reason this
 * version has no text for reads "refused for a reason this version does not describe". The code
 * itself (e.g. lti.badAudience) is never shown: it stays in `data-code` for support tools and tests.
 */
export function ReasonText({ code, size = 'sm' }: { code: string; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const key = `ltiTool.reasons.${code.replace(/^lti\./, '')}`;
  const text = (t as unknown as (k: string) => string)(i18n.exists(key) ? key : 'ltiTool.reasons.unknown');
  return (
    <Text component="span" size={size} display="block" data-testid="lti-reason" data-code={code}>
      {text}
    </Text>
  );
}
