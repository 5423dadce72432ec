void conv(int NB, int K, int C, int OH, int OW, double in[NB][C][OH + 2][OW + 2], double wt[K][C][3][3], double out[NB][K][OH][OW])
{
#pragma scop
  for (int n = 0; n < NB; n++)
    for (int k = 0; k < K; k++)
      for (int h = 0; h < OH; h++)
        for (int w = 0; w < OW; w++)
          for (int c = 0; c < C; c++)
            for (int r = 0; r < 3; r++)
              for (int s = 0; s < 3; s++)
                out[n][k][h][w] = out[n][k][h][w] + in[n][c][h + r][w + s] * wt[k][c][r][s];
#pragma endscop
}
