import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UsDateField } from '../../../lib/dates';
import { inclusiveOfferEndsBeforeCensus } from '../../../../shared/contract/course-copy';
import {
  COURSE_NAME_MAX,
  censusDate,
  formatUsDate,
  toIsoDate,
  validateCourseDates,
  validateCourseName,
} from '../../../../shared/validation';
import { errorText } from '../../../lib/error-text';
import { notifyErrorText, notifySuccess } from '../../../lib/notify';
import { type CopyValidation, refusedCodes, useCopyCourses, useCopyValidations } from '../api';
import { useCopyTexts } from '../texts';

export interface CopySource {
  sectionId: number;
  courseName: string;
}

interface Draft {
  courseName: string;
  startDate: string;
  endDate: string;
}

interface Props {
  organizationId: number;
  sections: CopySource[];
  onClose: () => void;
  /** After the request was accepted (e.g. clear the list's selection). */
  onDone?: () => void;
}

/** The editable name and dates of each copy, first filled from the server's preview. */
function useDrafts(validations: CopyValidation[] | undefined) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  useEffect(() => {
    if (!validations) return;
    const next: Record<number, Draft> = {};
    for (const v of validations) {
      next[v.sectionId] = {
        courseName: (v.preview.sectionCode
          ? t('courseCopy.copyNameOfSection', { name: v.preview.courseName, section: v.preview.sectionCode })
          : t('courseCopy.copyName', { name: v.preview.courseName })
        ).slice(0, COURSE_NAME_MAX),
        startDate: formatUsDate(v.preview.startDate),
        endDate: formatUsDate(v.preview.endDate),
      };
    }
    setDrafts(next);
  }, [validations, t]);
  return [drafts, setDrafts] as const;
}

/** The field messages of one draft (none while it is not filled yet). */
function draftErrors(t: TFunction, d: Draft | undefined) {
  if (!d) return {};
  const name = validateCourseName(d.courseName);
  const dates = validateCourseDates(d.startDate, d.endDate);
  return {
    courseName: name ? t(`validation.${name}`) : undefined,
    startDate: dates.startDate ? t(`validation.${dates.startDate}`) : undefined,
    endDate: dates.endDate ? t(`validation.${dates.endDate}`) : undefined,
  };
}

/**
 * The copy confirm dialog (spec §2): each course with its new name and dates, a warning where the
 * institution's inclusive offer ends before the copy's census date, the reason (spec §8 code) for
 * courses that cannot be copied, and the send-email option.
 */
export function CopyCoursesDialog({ organizationId, sections, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  const ids = useMemo(() => sections.map((s) => s.sectionId), [sections]);
  const checks = useCopyValidations(organizationId, ids, 'copy');
  const copy = useCopyCourses();
  const [drafts, setDrafts] = useDrafts(checks.data?.validations);
  const [sendEmail, setSendEmail] = useState(false);
  // copy validation codes of the sections the server refused when asked to copy
  const [refused, setRefused] = useState<Record<number, number>>({});

  const validations = checks.data?.validations ?? [];
  const copyable = validations.filter((v) => v.valid && !refused[v.sectionId]);
  const errorsOf = (id: number) => draftErrors(t, drafts[id]);
  const formValid =
    copyable.length > 0 && copyable.every((v) => Object.values(errorsOf(v.sectionId)).every((e) => !e));
  const many = copyable.length > 1;

  const submit = () => {
    const courses = copyable.map((v) => {
      const d = drafts[v.sectionId];
      return {
        sectionId: v.sectionId,
        courseName: d.courseName.trim(),
        startDate: toIsoDate(d.startDate) ?? '',
        endDate: toIsoDate(d.endDate) ?? '',
      };
    });
    copy.mutate(
      { organizationId, courses, sendEmail },
      {
        onSuccess: () => {
          notifySuccess(texts.started(courses.length));
          onDone?.();
          onClose();
        },
        onError: (error) => {
          setRefused((prev) => ({ ...prev, ...refusedCodes(error) }));
          notifyErrorText(texts.failed(courses.length));
        },
      },
    );
  };

  if (checks.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (checks.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(checks.error)}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('courseCopy.dialog.intro', { count: sections.length })}</Text>
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Stack gap="sm">
          {validations.map((v) => (
            <CourseDraft
              key={v.sectionId}
              validation={v}
              draft={drafts[v.sectionId]}
              errors={errorsOf(v.sectionId)}
              refusedCode={refused[v.sectionId]}
              onChange={(patch) =>
                setDrafts((prev) => ({ ...prev, [v.sectionId]: { ...prev[v.sectionId], ...patch } }))
              }
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {copyable.length < validations.length && (
        <Text size="sm" c="dimmed" data-testid="copy-skipped">
          {t('courseCopy.dialog.skipped', { count: validations.length - copyable.length })}
        </Text>
      )}
      <Checkbox
        label={t('courseCopy.dialog.sendEmail')}
        checked={sendEmail}
        onChange={(e) => setSendEmail(e.currentTarget.checked)}
        data-testid="copy-send-email"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('courseCopy.dialog.cancel')}
        </Button>
        <Button onClick={submit} disabled={!formValid} loading={copy.isPending} data-testid="copy-confirm">
          {many
            ? t('courseCopy.dialog.confirmMany', { count: copyable.length })
            : t('courseCopy.dialog.confirmOne')}
        </Button>
      </Group>
    </Stack>
  );
}

function CourseDraft({
  validation: v,
  draft,
  errors,
  refusedCode,
  onChange,
}: {
  validation: CopyValidation;
  draft: Draft | undefined;
  errors: Partial<Record<keyof Draft, string>>;
  /** The code the server refused this section with on submit. */
  refusedCode?: number;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation();
  const texts = useCopyTexts();
  const p = v.preview;
  const start = draft ? toIsoDate(draft.startDate) : null;
  const warn = !!start && inclusiveOfferEndsBeforeCensus(start, p.censusDuration, p.inclusiveOfferEndsOn);
  const census = start ? censusDate(start, p.censusDuration) : null;
  return (
    <Paper withBorder p="sm" data-testid="copy-course" data-section-id={v.sectionId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{p.courseName}</Text>
            {p.sectionCode && (
              <Text size="sm" fw={500} data-testid="copy-section-code">
                {t('courseCopy.dialog.section', { code: p.sectionCode })}
              </Text>
            )}
            <Text size="xs" c="dimmed" data-testid="copy-source-dates">
              {t('courseCopy.dialog.source', {
                start: formatUsDate(p.sourceStartDate),
                end: formatUsDate(p.sourceEndDate),
              })}
            </Text>
          </div>
          {!v.valid && (
            <Badge color="red" variant="light">
              {t('courseCopy.dialog.notCopied')}
            </Badge>
          )}
        </Group>
        {!v.valid || refusedCode !== undefined ? (
          <Text size="sm" c="red.8" role="note" data-testid="copy-refused">
            {texts.validation(refusedCode ?? v.code ?? 0)}
          </Text>
        ) : (
          draft && (
            <>
              <TextInput
                label={t('courseCopy.dialog.newName')}
                value={draft.courseName}
                maxLength={COURSE_NAME_MAX}
                onChange={(e) => onChange({ courseName: e.currentTarget.value })}
                error={
                  errors.courseName ??
                  (draft.courseName.length >= COURSE_NAME_MAX ? t('validation.courseNameMax') : undefined)
                }
                data-testid="copy-name"
              />
              <Group grow align="flex-start">
                <UsDateField
                  label={t('courseCopy.dialog.startDate')}
                  value={draft.startDate}
                  onChange={(text) => onChange({ startDate: text })}
                  error={errors.startDate}
                  data-testid="copy-start"
                />
                <UsDateField
                  label={t('courseCopy.dialog.endDate')}
                  value={draft.endDate}
                  onChange={(text) => onChange({ endDate: text })}
                  error={errors.endDate}
                  data-testid="copy-end"
                />
              </Group>
              {warn && (
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={16} aria-hidden="true" />}
                  data-testid="copy-offer-warning"
                >
                  {t('courseCopy.dialog.offerWarning', {
                    offerEnds: formatUsDate(p.inclusiveOfferEndsOn),
                    census: formatUsDate(census),
                  })}
                </Alert>
              )}
            </>
          )
        )}
      </Stack>
    </Paper>
  );
}
