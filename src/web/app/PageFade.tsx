import { Transition } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { FADE_MS } from '../../shared/constants';

/** Fades its children in over FADE_MS (2000 ms, spec §9). Key it by path to fade each new page. */
export function PageFade({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Transition mounted={mounted} transition="fade" duration={FADE_MS} timingFunction="ease">
      {(styles) => (
        <div style={styles} data-testid="page-fade">
          {children}
        </div>
      )}
    </Transition>
  );
}
