import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignupUserType } from '@shared/options';
import { useFeedback } from '../../components/feedback';

/**
 * After a successful sign-up (the server has signed the new account in):
 * influencers land on /materials (the supplement form) with a short welcome (not the developer page
 * /login-test, DESIGN.md "where we differ"); companies go home and see the notice that the influencer
 * selection module is being updated (part 1 §4).
 */
export function useSignupSuccess(before?: () => void) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const feedback = useFeedback();
  return useCallback(
    (userType: SignupUserType) => {
      before?.();
      if (userType === 'influencer') {
        navigate('/materials');
        feedback.notice({
          title: t('signup.welcomeTitle'),
          content: t('signup.welcomeContent'),
          okText: t('signup.welcomeOk'),
        });
      } else {
        navigate('/');
        feedback.notice({
          title: t('signup.successCompanyTitle'),
          content: t('signup.companyNotice'),
          okText: t('signup.ok'),
        });
      }
    },
    [before, navigate, t, feedback],
  );
}
