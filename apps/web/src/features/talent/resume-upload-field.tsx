import { FileText, Upload } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { scopedToast } from '@/lib/toast';
import { RESUME_LIMITS, RESUME_MESSAGES, type ResumeUploadResponse, type TalentProfile } from '@referwell/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useUploadResume } from './api';

const toast = scopedToast('talent-profile-page');

/**
 * The résumé on Edit Profile: upload (stored and parsed on the server), a link to the current file, and the parsed
 * fields handed to the form, which shows them for review until Save Changes.
 */
export function ResumeUploadField({
  profile,
  onParsed,
}: {
  profile: TalentProfile;
  onParsed: (parsed: ResumeUploadResponse) => void;
}) {
  const upload = useUploadResume();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const isPdf = file.name.toLowerCase().endsWith('.pdf') || file.type === 'application/pdf';
    upload.mutate(file, {
      onSuccess: (parsed) => {
        onParsed(parsed);
        toast.success(RESUME_MESSAGES.parsedTitle, {
          description: parsed.kind === 'pdf' ? RESUME_MESSAGES.parsedPdf : RESUME_MESSAGES.parsedOther,
        });
      },
      onError: (error) => {
        toast.error(RESUME_MESSAGES.parseFailedTitle, {
          description: errorMessage(error, isPdf ? RESUME_MESSAGES.parseFailed : RESUME_MESSAGES.parseFailedOther),
        });
      },
    });
  };

  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-4">
      <Label htmlFor="profile-resume">Resume</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Input
          id="profile-resume"
          type="file"
          accept={RESUME_LIMITS.accept}
          disabled={upload.isPending}
          onChange={onChange}
          aria-describedby="profile-resume-hint"
          className="sm:max-w-sm"
        />
        {upload.isPending ? (
          <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner />
            {RESUME_MESSAGES.parsing}
          </span>
        ) : profile.resume ? (
          <a
            href={`/api/talent/${profile.id}/resume`}
            className="flex items-center gap-2 text-sm text-primary underline-offset-4 hover:underline"
          >
            <FileText className="size-4" aria-hidden />
            {profile.resume.originalName}
          </a>
        ) : null}
      </div>
      <p id="profile-resume-hint" className="text-sm text-muted-foreground">
        <Upload className="mr-1 inline size-3.5" aria-hidden />
        PDF, DOC or DOCX, up to {RESUME_LIMITS.maxBytes / 1024 / 1024} MB.
      </p>
    </div>
  );
}
